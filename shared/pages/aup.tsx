import { CallToAction } from '../components/CallToAction.js';

export default function AupPage() {
  return <CallToAction />;
}
