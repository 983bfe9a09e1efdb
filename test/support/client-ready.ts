// When a page's client answers a visitor, judged in the page itself: one
// predicate for Chromium (./browser.ts) and the other engines (./engines.ts).
// It is sent to the page as its source text, so it uses nothing from outside.

/**
 * True once the client has started and what the tests drive answers:
 * - every island has its React root: a click or key on an island React has
 *   not finished hydrating makes React hydrate it at once and handle it;
 * - every form that sends (method post) has turned the browser's own
 *   validation off, which it does in an effect after its hydration has
 *   committed, a moment after its root exists: until then Send gets the
 *   browser's bubbles, not the site's messages;
 * - on a page with the consent bar, the bar's module has wired it. It is
 *   fetched while the islands hydrate and may arrive after them; it shows
 *   Cookie settings in the footer as it wires the bar (except under Global
 *   Privacy Control, which is offered nothing), and in the same task the entry
 *   replays the taps it held and starts analytics.
 */
export function clientReady(): boolean {
  const root = document.documentElement;
  const islands = [...document.querySelectorAll('[data-island]')];
  const forms = [...document.querySelectorAll<HTMLFormElement>('[data-island] form[method="post"]')];
  const consentWired =
    !document.querySelector('[data-wired="consent"]') ||
    root.dataset.consent === 'gpc' ||
    [...document.querySelectorAll<HTMLElement>('[data-consent-settings]')].every((button) => !button.hidden);
  return (
    root.classList.contains('js') &&
    islands.every((island) => Object.keys(island).some((key) => key.startsWith('__reactContainer'))) &&
    forms.every((form) => form.noValidate) &&
    consentWired
  );
}
