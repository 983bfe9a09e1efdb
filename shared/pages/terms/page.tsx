import { LegalPage } from '../../components/LegalPage.js';
import terms from './terms.legal.md';

export default function TermsPage() {
  return <LegalPage document={terms} />;
}
