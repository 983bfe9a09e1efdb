// Island hydration. The server renders the whole page; only the components
// wrapped in <Island> are hydrated in the browser, each as its own React root
// over the markup the server wrote. The component is passed in by the page that
// uses it, so shared/ never imports a registry of islands: the name -> component
// table lives in the client (client/islands.ts), which the name here keys.
// Props travel in a data attribute (not an inline script, so the
// Content-Security-Policy needs no exception), which is why they must be plain JSON.
import type { ComponentType } from 'react';

export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
