// Islands: the parts of a page that JavaScript upgrades. The server renders the
// whole page, and every control in it works as plain HTML (a link, a form, a
// <details>, CSS hover and focus). An island's element names the modules that
// upgrade it (its own and the chunks it imports, fetched side by side) and when:
// the inline bootstrap (shared/bootstrap.ts) loads them when a visitor reaches
// for the island, so a visitor who reads and leaves downloads none of them.
// Each island module exports `upgrade(element)`: React's hydration for the
// React islands (client/react-island.tsx), plain DOM code for the others. The
// component is passed in by the page that uses it, so shared/ never imports
// the client's modules. Props travel in a data attribute (not an inline script,
// so the Content-Security-Policy needs no exception): they must be plain JSON.
import type { ComponentType } from 'react';
import { useAssets } from './assets.js';

/** Every island, by the name of its module in client/islands/. */
export const islandNames = ['header', 'contact-form', 'newsletter', 'billing-switch', 'animation', 'consent'] as const;
export type IslandName = (typeof islandNames)[number];

/**
 * When an island is upgraded:
 * - `intent`: a pointer pressed on it, or focus entering it (a tap, a click, Tab, a label's click);
 * - `hover`: as `intent`, and also a mouse resting over it (the header: its Services menu opens on hover);
 * - `paint`: after the page's first paint (the consent bar, which must take a choice);
 * - `load`: after the page's load event (an illustration that plays once seen).
 */
export type UpgradeWhen = 'intent' | 'hover' | 'paint' | 'load';

/** The attributes that make an element an island (for elements that are not a component's wrapper, like the consent bar). */
export function islandAttributes(name: IslandName, modules: readonly string[], when: UpgradeWhen = 'intent') {
  return { 'data-island': name, 'data-modules': modules.join(' '), 'data-upgrade': when };
}

export function Island<P extends object>({
  name,
  component: Component,
  props,
  when,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  when?: UpgradeWhen;
}) {
  const modules = useAssets().islands[name];
  return (
    <div className="island" {...islandAttributes(name, modules, when)} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
