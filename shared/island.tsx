// Island hydration. The server renders the whole page; only the components
// registered here are hydrated in the browser, each as its own React root over
// the markup the server wrote. Their props travel in a data attribute (not an
// inline script, so the Content-Security-Policy needs no exception), which is
// why island props must be plain JSON.
import type { ComponentType } from 'react';
import { Header, type HeaderProps } from './layout/Header.js';
import { ContactForm, type ContactFormProps } from './components/ContactForm.js';
import { NewsletterForm, type NewsletterFormProps } from './components/NewsletterForm.js';
import { BillingSwitch, type BillingSwitchProps } from './components/BillingSwitch.js';
import { AnimationPlayer, type AnimationProps } from './components/AnimationPlayer.js';

export const islands = {
  header: Header,
  'contact-form': ContactForm,
  newsletter: NewsletterForm,
  'billing-switch': BillingSwitch,
  animation: AnimationPlayer,
} satisfies Record<string, ComponentType<never>>;

export interface IslandProps {
  header: HeaderProps;
  'contact-form': ContactFormProps;
  newsletter: NewsletterFormProps;
  'billing-switch': BillingSwitchProps;
  animation: AnimationProps;
}

export type IslandName = keyof typeof islands;

export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps[N] }) {
  const Component = islands[name] as ComponentType<IslandProps[N]>;
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
