import { LegalPage } from '../../components/LegalPage.js';
import privacy from './privacy.legal.md';

export default function PrivacyPage() {
  return <LegalPage document={privacy} />;
}
