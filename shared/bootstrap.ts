// The page's start-up script, inline where the first paint ends (shared/components/EndOfFirstPaint.tsx). It loads no code of
// its own: each island names the modules that upgrade it and when
// (shared/island.tsx), and this script imports them at that moment. Until then
// every control answers as HTML, so nothing a visitor does waits for a module:
// - intent (a pointer pressed on an island, focus entering it; for `hover`
//   islands a mouse over it too) upgrades that island alone;
// - `paint` islands (the consent bar) are upgraded after the first paint, so
//   the paint and Largest Contentful Paint depend on the document alone; it
//   never waits without a bound for a paint entry an engine may not record
//   (START_LIMIT_MS);
// - `load` islands (illustrations) after both the first paint and the load
//   event: on a fast network the load event comes before the first paint, and
//   an illustration's module fetched then would compete with it. Nothing
//   waits on them, so where no paint entry comes they wait longer than the
//   consent bar (SETTLE_LIMIT_MS): a frame that is slow to present on a busy
//   phone must not be overtaken by a module fetch.
// A tap on a button of an island that is still loading (the HTML gives such
// buttons nothing to do) is held, the button marked pending (`data-pending`),
// and clicked again once the island is live,
// or dropped after HOLD_LIMIT_MS, when that island's taps stop being held. When a module fails to load (another
// release's pod, a broken network) the island stays plain HTML, and a consent
// bar is put away: its buttons need the module. Submit buttons are never
// held: forms work without JavaScript. A link to a FAQ question opens its
// answer. The server allows exactly this text by its hash in the
// Content-Security-Policy (server/security.ts).

/**
 * How long a held tap may wait for its island. One second is where a delay
 * stops reading as the answer to the tap (the RAIL model's limit for keeping
 * a visitor's flow): a tap replayed later than that surprises more than it
 * helps, and the visitor should be free to tap again or use the fallback.
 */
export const HOLD_LIMIT_MS = 1000;

/**
 * How long after its first frame a page waits for a paint entry before it
 * upgrades its `paint` islands anyway. The frame's paint has then been
 * presented in every engine; the bound keeps a visitor whose engine records no
 * paint entry (Firefox for a page opened scrolled, a hidden tab) from waiting.
 */
export const START_LIMIT_MS = 200;

/**
 * How long after its first frame a page waits for a paint entry before it
 * upgrades its `load` islands (illustrations, still images until then). An
 * illustration that starts a second late costs nothing; one whose module is
 * fetched before a slow frame is presented delays the page's first paint.
 */
export const SETTLE_LIMIT_MS = 1000;

export const bootstrapScript = [
  'const loading = new Map();',
  'const gaveUp = new WeakSet();',
  'const upgrade = (island) => {',
  '  if (!loading.has(island)) loading.set(island, Promise.all(island.dataset.modules.split(" ").map((url) => import(url))).then(([module]) => module.upgrade(island), () => {',
  '    gaveUp.add(island);',
  "    if (island.dataset.island === 'consent') delete document.documentElement.dataset.consentBar;",
  '  }));',
  '  return loading.get(island);',
  '};',
  "const islandOf = (event) => event.target instanceof Element ? event.target.closest('[data-island]') : null;",
  'const onIntent = (event) => {',
  '  const island = islandOf(event);',
  "  if (island && (event.type !== 'pointerover' || (event.pointerType === 'mouse' && island.dataset.upgrade === 'hover'))) upgrade(island);",
  '};',
  "for (const type of ['pointerover', 'pointerdown', 'focusin']) addEventListener(type, onIntent, { capture: true, passive: true });",
  'addEventListener(',
  "  'click',",
  '  (event) => {',
  '    const island = islandOf(event);',
  "    const control = island && !('upgraded' in island.dataset) && !gaveUp.has(island) && event.target.closest('button[type=button]');",
  '    if (!control) return;',
  '    event.preventDefault();',
  '    event.stopImmediatePropagation();',
  // Past the bound, or once the island's modules failed, holding is given up: later taps reach the HTML at once.
  // Marked while held, so the tap shows at once (the stylesheet draws the mark), not only once the module answers it.
  "    control.dataset.pending = '';",
  `    Promise.race([upgrade(island), new Promise((resolve) => setTimeout(resolve, ${HOLD_LIMIT_MS}))]).then(() => { delete control.dataset.pending; if ('upgraded' in island.dataset) control.click(); else gaveUp.add(island); });`,
  '  },',
  '  true,',
  ');',
  "const whenParsed = (run) => { if (document.readyState === 'loading') addEventListener('DOMContentLoaded', run, { once: true }); else run(); };",
  // A bound may pass before the page is parsed (this script runs from where the first paint ends): what is parsed later is upgraded then.
  'const upgradeAll = (when) => { const run = () => { for (const island of document.querySelectorAll(`[data-upgrade=${when}]`)) upgrade(island); }; run(); whenParsed(run); };',
  "const afterLoad = (run) => { if (document.readyState === 'complete') run(); else addEventListener('load', run, { once: true }); };",
  'const once = (run) => { let done = false; return () => { if (!done) { done = true; setTimeout(run, 0); } }; };',
  "const paintIslands = once(() => upgradeAll('paint'));",
  "const loadIslands = once(() => afterLoad(() => upgradeAll('load')));",
  // At the first contentful paint where the engine reports one (the clock
  // Lighthouse reads), and in any case a bound after the first frame.
  "if (PerformanceObserver.supportedEntryTypes?.includes('paint')) new PerformanceObserver((list, observer) => { if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); paintIslands(); loadIslands(); } }).observe({ type: 'paint', buffered: true });",
  `requestAnimationFrame(() => { setTimeout(paintIslands, ${START_LIMIT_MS}); setTimeout(loadIslands, ${SETTLE_LIMIT_MS}); });`,
  'const openLinkedQuestion = () => { const target = document.getElementById(location.hash.slice(1)); if (target instanceof HTMLDetailsElement) target.open = true; };',
  'whenParsed(openLinkedQuestion);',
  "addEventListener('hashchange', openLinkedQuestion);",
].join('\n');
