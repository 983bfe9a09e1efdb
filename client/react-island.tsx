// A React island's upgrade: hydrateRoot over the markup the server wrote, with
// the props it wrote beside it (shared/island.tsx). Imported by each React
// island's module, so React arrives with the first island a visitor reaches
// for, as a chunk every island shares: cached once for every page.
import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SiteContext, siteConfigElementId, type SiteConfig } from '../shared/site-config.js';
import { keepFocusClear } from '../shared/focus-clearance.js';

/** The site's public configuration, as the server rendered the page with it (shared/document.tsx). */
let site: SiteConfig | null | undefined;
const siteConfig = () => (site ??= JSON.parse(document.getElementById(siteConfigElementId)?.textContent ?? 'null') as SiteConfig | null);

/** Calls `onLive` once the island's effects have run (a form's own validation among them). */
function Live({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  useEffect(onLive, [onLive]);
  return children;
}

export function reactIsland<P extends object>(Component: ComponentType<P>): (element: HTMLElement) => void {
  return (element) => {
    const props = JSON.parse(element.dataset.props ?? '{}') as P;
    // What the bootstrap and the stylesheet read: the island is live; from then on what it focuses is kept clear
    // of the sticky header (before, the stylesheet keeps the header out of the way).
    const markLive = () => {
      element.dataset.upgraded = '';
      keepFocusClear();
    };
    // As a transition, hydration works in small slices, yielding to the visitor's next key or tap
    // (a discrete event on the island makes React finish hydrating it at once, and handle the event).
    startTransition(() => {
      hydrateRoot(
        element,
        <SiteContext.Provider value={siteConfig()}>
          <Live onLive={markLive}>
            <Component {...props} />
          </Live>
        </SiteContext.Provider>,
        {
          onRecoverableError(error) {
            console.error(`Island "${element.dataset.island}" could not hydrate cleanly`, error);
          },
        },
      );
    });
  };
}
