import { CallToAction } from '../components/CallToAction.js';

export default function PrivacyPage() {
  return <CallToAction />;
}
