// Analytics in the browser, only when the operator configured a tag manager
// (GTM_ID) and the visitor allows it. With ANALYTICS_CONSENT=required (the
// default) nothing is requested, and no cookie set, before the visitor accepts
// in the consent bar; with `not-required` the tag manager loads unless the
// visitor refused. Global Privacy Control counts as a refusal, and no bar is
// shown for it. What the visitor chose before is read before the first paint
// (shared/consent-script.ts) and found on <html>.
//
// The tag manager gets Google's Consent Mode v2 signals: analytics storage
// granted (the visitor accepted, or consent is not required), every
// advertising signal denied: the site runs no advertising.
import { CONSENT_STORAGE_KEY, type AnalyticsConsentMode } from './consent-script.js';

export type ConsentChoice = 'granted' | 'denied';

/** What <html> says: the stored choice, "gpc", or "undecided". */
export function currentConsent(): ConsentChoice | 'gpc' | 'undecided' {
  const consent = document.documentElement.dataset.consent;
  return consent === 'granted' || consent === 'denied' || consent === 'gpc' ? consent : 'undecided';
}

type DataLayer = unknown[];
const dataLayer = (): DataLayer => ((window as unknown as { dataLayer?: DataLayer }).dataLayer ??= []);

/** Google's gtag() call shape: the tag manager reads `arguments` objects, not arrays. */
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params
  dataLayer().push(arguments);
}

let loaded = false;

function loadTagManager(gtmId: string): void {
  if (loaded) return;
  loaded = true;
  gtag('consent', 'default', {
    analytics_storage: 'granted',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.append(script);
}

/** On page load: the tag manager if the visitor accepted, or if consent is not required and they did not refuse. */
export function startAnalytics(gtmId: string | undefined, mode: AnalyticsConsentMode): void {
  const consent = currentConsent();
  if (gtmId && (consent === 'granted' || (consent === 'undecided' && mode === 'not-required'))) loadTagManager(gtmId);
}

/**
 * Removes the analytics cookies (Google Analytics' `_ga`, `_ga_<id>`, `_gid`,
 * `_gat…`) after a refusal, on this host and each parent domain they may have
 * been set on.
 */
function removeAnalyticsCookies(): void {
  const names = document.cookie
    .split(';')
    .map((pair) => (pair.split('=')[0] ?? '').trim())
    .filter((name) => /^_(ga|gid|gat)/.test(name));
  const labels = location.hostname.split('.');
  const domains = [undefined, ...labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'))];
  for (const name of names) {
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ''}`;
  }
}

/** The visitor chose: kept on this device (storage that cannot be used keeps it for this page), and acted on at once. */
export function choose(gtmId: string, choice: ConsentChoice): void {
  document.documentElement.dataset.consent = choice;
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ choice, at: Date.now() }));
  } catch {
    // Kept for this page only.
  }
  if (choice === 'granted') {
    loadTagManager(gtmId);
    return;
  }
  // Already running on this page: told to stop storing; the next page loads nothing.
  if (loaded) gtag('consent', 'update', { analytics_storage: 'denied' });
  removeAnalyticsCookies();
}
