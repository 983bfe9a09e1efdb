import { CallToAction } from '../components/CallToAction.js';

export default function ContactPage() {
  return <CallToAction />;
}
