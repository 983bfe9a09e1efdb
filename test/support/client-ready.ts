// When a page's client answers a visitor, judged in the page itself: one
// predicate for Chromium (./browser.ts) and the other engines (./engines.ts).
// They are sent to the page as their source text, so they use nothing from outside.

/**
 * With `reach`, first reaches for every island, as a visitor would. True once every island is live (data-upgraded, which a React island sets in
 * an effect after its hydration has committed: its forms' own validation is
 * off by then), and on a page with the consent bar, the bar is wired: it shows
 * Cookie settings in the footer as it wires the bar (except under Global
 * Privacy Control, which is offered nothing).
 */
export function clientReady(reach = false): boolean {
  const root = document.documentElement;
  // What a visitor does who reaches for every island at once: focus entering each (shared/bootstrap.ts upgrades it).
  // Again at every look: a driver may hand over the page before its start-up script has run.
  if (reach)
    for (const island of document.querySelectorAll('[data-island]')) island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  const consentWired =
    !document.querySelector('[data-wired="consent"]') ||
    root.dataset.consent === 'gpc' ||
    [...document.querySelectorAll<HTMLElement>('[data-consent-settings]')].every((button) => !button.hidden);
  return islands.every((island) => 'upgraded' in island.dataset) && consentWired;
}
