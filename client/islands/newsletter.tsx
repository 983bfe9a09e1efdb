import { NewsletterForm } from '../../shared/components/NewsletterForm.js';
import { reactIsland } from '../react-island.js';

export const upgrade = reactIsland(NewsletterForm);
