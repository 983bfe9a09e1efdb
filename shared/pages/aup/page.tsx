import { LegalPage } from '../../components/LegalPage.js';
import acceptableUse from './aup.legal.md';

export default function AcceptableUsePage() {
  return <LegalPage document={acceptableUse} />;
}
