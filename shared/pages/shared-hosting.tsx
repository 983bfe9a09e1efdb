import { CallToAction } from '../components/CallToAction.js';

export default function SharedHostingPage() {
  return <CallToAction />;
}
