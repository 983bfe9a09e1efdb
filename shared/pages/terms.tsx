import { CallToAction } from '../components/CallToAction.js';

export default function TermsPage() {
  return <CallToAction />;
}
