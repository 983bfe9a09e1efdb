// The components the browser hydrates, by the name the server wrote in
// data-island (shared/island.tsx). The registry lives here, on the client, so
// that shared components never import it.
import type { ComponentType } from 'react';
import { Header } from '../shared/layout/Header.js';
import { ContactForm } from '../shared/components/ContactForm.js';
import { NewsletterForm } from '../shared/components/NewsletterForm.js';
import { BillingSwitch } from '../shared/components/BillingSwitch.js';
import { AnimationPlayer } from '../shared/components/AnimationPlayer.js';

export const islands: Readonly<Record<string, ComponentType<never>>> = {
  header: Header,
  'contact-form': ContactForm,
  newsletter: NewsletterForm,
  'billing-switch': BillingSwitch,
  animation: AnimationPlayer,
};
