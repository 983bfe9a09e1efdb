// The browser entry. The page is already fully rendered; this only makes the
// islands interactive. No client router: links are ordinary page loads, made
// instant by speculation rules, and the browser restores scroll on Back.
import { startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islands } from './islands.js';
import { SiteContext, siteConfigElementId, type SiteConfig } from '../shared/site-config.js';
import { keepFocusClear } from '../shared/focus-clearance.js';

/** Lets the browser paint and answer input between pieces of start-up work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The site's public configuration, as the server rendered the page with it (shared/document.tsx). */
const site = JSON.parse(document.getElementById(siteConfigElementId)?.textContent ?? 'null') as SiteConfig | null;

function hydrateIsland(element: HTMLElement): void {
  const name = element.dataset.island;
  // Only the islands this build registers; markup from another build is left as it is.
  if (!name || !Object.hasOwn(islands, name)) return;
  const Component = islands[name] as ComponentType<object>;
  // The server wrote these props for this component (shared/island.tsx).
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  // As a transition, hydration works in small slices instead of one long task.
  startTransition(() => {
    hydrateRoot(
      element,
      <SiteContext.Provider value={site}>
        <Component {...props} />
      </SiteContext.Provider>,
      {
        onRecoverableError(error) {
          console.error(`Island "${name}" could not hydrate cleanly`, error);
        },
      },
    );
  });
}

/** A link to a question of a FAQ (where search lands a visitor) opens its answer. */
function openLinkedQuestion() {
  const target = document.getElementById(location.hash.slice(1));
  if (target instanceof HTMLDetailsElement) target.open = true;
}

/**
 * Called by the page's inline bootstrap (shared/bootstrap.ts) after the first
 * paint. `release` stops holding taps and returns the buttons tapped before
 * hydration: each is clicked again once its island's root exists (React then
 * hydrates that island at once and runs the click).
 */
export async function start(release: () => Element[]): Promise<void> {
  document.documentElement.classList.add('js');
  keepFocusClear();
  openLinkedQuestion();
  window.addEventListener('hashchange', openLinkedQuestion);
  const { gtmId, analyticsConsent } = document.body.dataset;
  // Everything about analytics (the consent bar's behaviour, the tag manager's
  // loading) is fetched while the islands hydrate, and only on pages that have
  // analytics: the other pages carry none of it.
  const analytics = gtmId ? (import(ANALYTICS_URL) as Promise<typeof import('./analytics.js')>).catch(() => undefined) : undefined;
  // Each island in its own task, so none of them adds to the bundle's evaluation.
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    await yieldToBrowser();
    hydrateIsland(element);
  }
  const analyticsModule = await analytics;
  // The consent bar's buttons need that module: without it the bar could take no choice, so it does not stay over the page.
  if (gtmId && !analyticsModule) delete document.documentElement.dataset.consentBar;
  if (gtmId && document.querySelector('[data-wired="consent"]')) analyticsModule?.startConsentBar(gtmId);
  for (const control of release()) if (control instanceof HTMLElement) control.click();
  analyticsModule?.startAnalytics(gtmId, analyticsConsent === 'not-required' ? 'not-required' : 'required');
}
