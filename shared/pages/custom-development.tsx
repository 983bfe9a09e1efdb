import { CallToAction } from '../components/CallToAction.js';

export default function CustomDevelopmentPage() {
  return <CallToAction />;
}
