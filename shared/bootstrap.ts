// The page's start-up script, inline at the end of <body>. It loads the client
// entry only after the first paint, so that first paint (and Largest
// Contentful Paint, which is text on every page) depends on the document alone:
// no module request races it. It never waits without a bound for a signal an
// engine may not send (see START_LIMIT_MS). The header's controls need no holding: until
// the client runs they are plain HTML (a <details> menu, links, CSS hover and
// focus) that the island upgrades in place. A tap on another island's button
// (or on the consent bar's, which plain DOM code wires: data-wired) before the
// client is ready is held and handed to the entry, which replays it once the
// control is live. Holding is given up, and the held taps dropped, when the
// entry fails to load (a 404 from another release's pod, a blocked or broken
// network) or when a tap has waited HOLD_LIMIT_MS: later taps then reach the
// page's own HTML at once. A consent bar shown by then is put away when the
// entry fails: its buttons need the client. Submit buttons are never held: forms work without
// JavaScript. The server allows exactly this text by its hash in the
// Content-Security-Policy (server/security.ts).

/**
 * How long a held tap may wait for the client. One second is where a delay
 * stops reading as the answer to the tap (the RAIL model's limit for keeping
 * a visitor's flow): a tap replayed later than that surprises more than it
 * helps, and the visitor should be free to tap again or use the fallback.
 */
export const HOLD_LIMIT_MS = 1000;

/**
 * How long after its first frame a page waits for a paint entry before it
 * loads the client anyway. The frame's paint has then been presented in every
 * engine, so the entry's request still starts after the first paint; the
 * bound keeps a visitor whose engine records no paint entry from waiting.
 */
export const START_LIMIT_MS = 200;

const hashedAsset = /^\/assets\/[\w.-]+\.js$/;

export function bootstrapScript(entryUrl: string): string {
  if (!hashedAsset.test(entryUrl)) throw new Error(`Not a built script URL: ${entryUrl}`);
  return [
    'const held = [];',
    "const release = () => { removeEventListener('click', hold, true); clearTimeout(limit); return held.splice(0); };",
    // Started by the first held tap, not at load: the bound is on a tap's wait.
    `let limit; const hold = (event) => { const control = event.target instanceof Element && event.target.closest('[data-island] button[type=button], [data-wired] button[type=button]'); if (control) { event.preventDefault(); event.stopImmediatePropagation(); held.push(control); limit ??= setTimeout(release, ${HOLD_LIMIT_MS}); } };`,
    "addEventListener('click', hold, true);",
    // Without the client the consent bar cannot take a choice (and no analytics run without one): it is put away.
    `let started = false; const load = () => { if (started) return; started = true; setTimeout(() => import(${JSON.stringify(entryUrl)}).then((entry) => entry.start(release), () => { delete document.documentElement.dataset.consentBar; release(); }), 0); };`,
    // At the first contentful paint where the engine reports one (the clock
    // Lighthouse reads), and in any case START_LIMIT_MS after the first frame:
    // Firefox reports no paint entry for a page that opens scrolled, and a
    // hidden tab paints nothing until it is shown.
    "if (PerformanceObserver.supportedEntryTypes?.includes('paint')) new PerformanceObserver((list, observer) => { if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); load(); } }).observe({ type: 'paint', buffered: true });",
    `requestAnimationFrame(() => setTimeout(load, ${START_LIMIT_MS}));`,
  ].join('\n');
}
