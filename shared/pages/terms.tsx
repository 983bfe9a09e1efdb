import { LegalPage } from '../components/LegalPage.js';
import { termsAndConditions } from '../content/legal.js';

export default function TermsPage() {
  return <LegalPage document={termsAndConditions} />;
}
