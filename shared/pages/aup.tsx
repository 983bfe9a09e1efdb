import { LegalPage } from '../components/LegalPage.js';
import { acceptableUsePolicy } from '../content/legal.js';

export default function AcceptableUsePage() {
  return <LegalPage document={acceptableUsePolicy} />;
}
