// Analytics in the browser, only when the operator configured a tag manager
// (GTM_ID) and the visitor allows it. With ANALYTICS_CONSENT=required (the
// default) nothing is requested, and no cookie set, before the visitor accepts
// in the consent bar; with `not-required` the tag manager loads unless the
// visitor refused. Global Privacy Control counts as a refusal, and no bar is
// shown for it. What the visitor chose before is read before the first paint
// (shared/consent-script.ts) and found on <html>.
//
// The tag manager gets Google's Consent Mode v2 signals: before its script is
// requested, a default of every signal denied, then the visitor's choice as an
// update. Accept grants analytics storage alone: the bar asks about analytics,
// and the site runs no advertising, so the advertising signals stay denied.
//
// A refusal while the tag runs on the page (Cookie settings → Reject) takes
// effect at once: the page stops letting any request reach the tag's hosts
// (see shutOutTagManager), tells the tag, and deletes its cookies; later pages
// do not load it. docs/decisions/014-consent-withdrawal-and-focus.md.
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

/** The four Consent Mode v2 signals, with analytics storage as given and advertising always denied. */
const consentSignals = (analytics: ConsentChoice) => ({
  ad_storage: 'denied',
  analytics_storage: analytics,
  ad_user_data: 'denied',
  ad_personalization: 'denied',
});

/**
 * Whether the tag manager was loaded on this page ("loaded"), and shut out
 * since ("shut-out"). Kept on <html>, not in this module: the client entry
 * and the consent bar's module are built apart, each with its own copy of
 * this file, and the tag one of them loaded is the other's to shut out.
 */
const tagState = {
  get: () => document.documentElement.dataset.tagManager,
  set: (state: 'loaded' | 'shut-out') => (document.documentElement.dataset.tagManager = state),
};

function loadTagManager(gtmId: string): void {
  if (tagState.get()) return;
  tagState.set('loaded');
  gtag('consent', 'default', consentSignals('denied'));
  gtag('consent', 'update', consentSignals('granted'));
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.append(script);
}

/**
 * A script cannot be unloaded, and Google's tag keeps sending measurements
 * under Consent Mode even with everything denied (cookieless pings). So the
 * page narrows its own Content-Security-Policy to itself for scripts,
 * connections and images, the only ways the server's policy lets a request
 * reach the tag's hosts: the browser refuses every request the tag tries from
 * now on. A policy can only be added to, never lifted, so an Accept later on
 * this page takes effect from the next page.
 */
function shutOutTagManager(): void {
  const policy = document.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = "script-src 'self'; connect-src 'self'; img-src 'self' data:";
  document.head.append(policy);
  tagState.set('shut-out');
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
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ choice, at: Date.now() }));
  } catch {
    // Kept for this page only.
  }
  follow(gtmId, choice);
}

/**
 * A choice acted on in this page: the one just made here, or one made on
 * another page while this one waited in the back/forward cache.
 */
export function follow(gtmId: string, choice: ConsentChoice): void {
  document.documentElement.dataset.consent = choice;
  if (choice === 'granted') {
    loadTagManager(gtmId);
    return;
  }
  if (tagState.get() === 'loaded') {
    // Shut out first, so that nothing the tag does on hearing the news can leave.
    shutOutTagManager();
    gtag('consent', 'update', consentSignals('denied'));
  }
  removeAnalyticsCookies();
}
