import { CallToAction } from '../components/CallToAction.js';

export default function AboutPage() {
  return <CallToAction />;
}
