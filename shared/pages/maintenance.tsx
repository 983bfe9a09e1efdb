import { CallToAction } from '../components/CallToAction.js';

export default function MaintenancePage() {
  return <CallToAction />;
}
