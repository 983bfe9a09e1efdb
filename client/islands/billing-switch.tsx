import { BillingSwitch } from '../../shared/components/BillingSwitch.js';
import { reactIsland } from '../react-island.js';

export const upgrade = reactIsland(BillingSwitch);
