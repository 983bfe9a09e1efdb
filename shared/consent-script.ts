// The analytics choice, read before the first paint. When GTM_ID is set, this
// script is inline in <head> (allowed by its hash in the Content-Security-
// Policy, like the bootstrap) and marks <html> with what the visitor chose on
// this device: data-consent="granted", "denied", "gpc" (Global Privacy
// Control: a refusal nobody is asked about) or "undecided"; and, when the
// visitor must be asked, data-consent-bar="open", which shows the consent bar
// the server rendered with the page. So the HTML stays one cached document
// for everyone, and the bar is painted with the page's first paint for the
// visitors who see it: it never arrives late (a bar drawn after hydration
// became the Largest Contentful Paint of short pages, and a late one) and never
// flashes for those who already chose. It also keeps the room below the page
// that the bar needs, from the bar's first layout.
export const CONSENT_STORAGE_KEY = 'analytics-consent';

/** A choice is asked again after this long: regulators expect consent to be renewed (CNIL: 13 months at most). */
const CONSENT_RENEW_AFTER_MS = 365 * 24 * 60 * 60 * 1000;

export type AnalyticsConsentMode = 'required' | 'not-required';

/**
 * What the script below finds, read again in the browser: a page restored
 * from the back/forward cache keeps what <html> said when it was left, and
 * the visitor may have chosen on another page since.
 */
export function storedConsent(): 'granted' | 'denied' | 'gpc' | 'undecided' {
  // Global Privacy Control is a proposal not yet in TypeScript's DOM types.
  if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true) return 'gpc';
  try {
    const saved = JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as { choice?: unknown; at?: unknown } | null;
    const fresh = typeof saved?.at === 'number' && Date.now() - saved.at < CONSENT_RENEW_AFTER_MS;
    if (fresh && (saved.choice === 'granted' || saved.choice === 'denied')) return saved.choice;
  } catch {
    // Storage that cannot be read or holds something else: nothing was chosen on this device.
  }
  return 'undecided';
}

export function consentScript(mode: AnalyticsConsentMode): string {
  return [
    'const root = document.documentElement;',
    "let consent = 'undecided';",
    "if (navigator.globalPrivacyControl === true) consent = 'gpc';",
    'else try {',
    `  const saved = JSON.parse(localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)}));`,
    `  if ((saved.choice === 'granted' || saved.choice === 'denied') && Date.now() - saved.at < ${CONSENT_RENEW_AFTER_MS}) consent = saved.choice;`,
    '} catch {}',
    'root.dataset.consent = consent;',
    // The room the open bar keeps below the page (its height, --consent-bar-height) is there from the page's first
    // layout, not from the client's start: a reload restores its scroll position against the page's full height, and
    // a browser may do so in the first layout, before any observer reports. Until then the room is the most the bar
    // can take (its max-height), so the end of the page is never under it; the bar's first layout gives its height.
    // Not measured by asking for a layout while the page is parsed: the first paint would then wait for two.
    ...(mode === 'required'
      ? ["if (consent === 'undecided') { root.dataset.consentBar = 'open'; root.style.setProperty('--consent-bar-height', '50vh'); }"]
      : []),
    "const bars = document.getElementsByClassName('consent-bar');",
    'new MutationObserver((_, watching) => {',
    '  const bar = bars[0];',
    '  if (!bar) return;',
    '  watching.disconnect();',
    "  new ResizeObserver(([entry]) => { const height = entry.borderBoxSize[0].blockSize; if (height > 0) root.style.setProperty('--consent-bar-height', Math.ceil(height) + 'px'); }).observe(bar);",
    '}).observe(root, { childList: true, subtree: true });',
  ].join('\n');
}
