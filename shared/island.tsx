// Island hydration. The server renders the whole page; only the components
// registered here are hydrated in the browser, each as its own React root over
// the markup the server wrote. Their props travel in a data attribute (not an
// inline script, so the Content-Security-Policy needs no exception), which is
// why island props must be plain JSON.
import type { ComponentType } from 'react';
import { Header, type HeaderProps } from './layout/Header.js';
import { ContactForm, type ContactFormProps } from './components/ContactForm.js';
import { NewsletterForm, type NewsletterFormProps } from './components/NewsletterForm.js';

export const islands = {
  header: Header,
  'contact-form': ContactForm,
  newsletter: NewsletterForm,
} satisfies Record<string, ComponentType<never>>;

export interface IslandProps {
  header: HeaderProps;
  'contact-form': ContactFormProps;
  newsletter: NewsletterFormProps;
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
