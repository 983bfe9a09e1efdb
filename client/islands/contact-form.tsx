import { ContactForm } from '../../shared/components/ContactForm.js';
import { reactIsland } from '../react-island.js';

export const upgrade = reactIsland(ContactForm);
