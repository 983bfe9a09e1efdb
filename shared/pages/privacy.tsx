import { LegalPage } from '../components/LegalPage.js';
import { privacyPolicy } from '../content/legal.js';

export default function PrivacyPage() {
  return <LegalPage document={privacyPolicy} />;
}
