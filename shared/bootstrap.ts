// The page's start-up script, inline at the end of <body>. It loads the client
// entry only after the first paint, so that first paint (and Largest
// Contentful Paint, which is text on every page) depends on the document alone:
// no module request races it. A tap on an island's button (or on the consent
// bar's, which plain DOM code wires: data-wired) before the client is ready is
// held and handed to the entry, which replays it once the control is live, so
// no tap on the menu is lost. Submit buttons are not held: forms work without
// JavaScript. The server allows exactly this text by its hash in the
// Content-Security-Policy (server/security.ts).
const hashedAsset = /^\/assets\/[\w.-]+\.js$/;

export function bootstrapScript(entryUrl: string): string {
  if (!hashedAsset.test(entryUrl)) throw new Error(`Not a built script URL: ${entryUrl}`);
  return [
    'const held = [];',
    "const hold = (event) => { const control = event.target instanceof Element && event.target.closest('[data-island] button[type=button], [data-wired] button[type=button]'); if (control) { event.preventDefault(); event.stopImmediatePropagation(); held.push(control); } };",
    "addEventListener('click', hold, true);",
    "const release = () => { removeEventListener('click', hold, true); return held.splice(0); };",
    `const load = () => setTimeout(() => import(${JSON.stringify(entryUrl)}).then((entry) => entry.start(release)), 0);`,
    // After the first contentful paint as the browser itself times it (the
    // clock Lighthouse reads), not merely after a frame: a paint is presented
    // some time after its frame ran. Without paint timing, after the next frame.
    "if (PerformanceObserver.supportedEntryTypes?.includes('paint')) new PerformanceObserver((list, observer) => { if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); load(); } }).observe({ type: 'paint', buffered: true });",
    'else requestAnimationFrame(load);',
  ].join('\n');
}
