// Analytics, only when the operator configured a tag manager (GTM_ID) and the
// visitor allows it. With ANALYTICS_CONSENT=required (the default) nothing is
// requested, and no cookie set, before the visitor accepts in the consent bar;
// with `not-required` the tag manager loads unless the visitor refused. Global
// Privacy Control counts as a refusal, and no bar is shown for it.
//
// The tag manager gets Google's Consent Mode v2 signals: analytics storage
// granted (the visitor accepted, or consent is not required), every
// advertising signal denied: the site runs no advertising.
import { privacyControlOn, removeAnalyticsCookies, storedChoice, storeChoice, type ConsentChoice } from './consent.js';

export interface AnalyticsSettings {
  gtmId: string | undefined;
  consent: 'required' | 'not-required';
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

function applyChoice(settings: AnalyticsSettings & { gtmId: string }, choice: ConsentChoice): void {
  storeChoice(choice);
  if (choice === 'granted') {
    loadTagManager(settings.gtmId);
    return;
  }
  // Already running on this page: told to stop storing; the next page loads nothing.
  if (loaded) gtag('consent', 'update', { analytics_storage: 'denied' });
  removeAnalyticsCookies();
}

/** The consent bar is its own chunk, fetched only for a visitor who is asked. */
async function ask(settings: AnalyticsSettings & { gtmId: string }, opener?: HTMLElement): Promise<void> {
  const { showConsentBar } = await import('./consent-bar.js');
  showConsentBar({ current: storedChoice(), opener, choose: (choice) => applyChoice(settings, choice) });
}

export function startAnalytics(settings: AnalyticsSettings): void {
  const { gtmId } = settings;
  if (!gtmId || privacyControlOn()) return;
  const withId = { ...settings, gtmId };

  // The footer's "Cookie settings" button, hidden until there is a script to answer it.
  for (const button of document.querySelectorAll<HTMLElement>('[data-consent-settings]')) {
    button.hidden = false;
    button.addEventListener('click', () => void ask(withId, button));
  }

  const choice = storedChoice();
  if (choice === 'granted' || (choice === undefined && settings.consent === 'not-required')) loadTagManager(gtmId);
  else if (choice === undefined) void ask(withId);
}
