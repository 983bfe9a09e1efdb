// The consent bar and the tag manager: plain DOM code, upgraded after the first
// paint on pages with analytics (GTM_ID set), so pages without carry none of it.
import { startConsentBar } from '../../shared/consent-bar-client.js';
import { startAnalytics } from '../../shared/analytics.js';
import { keepFocusClear } from '../../shared/focus-clearance.js';

export function upgrade(element: HTMLElement): void {
  const { gtmId, analyticsConsent } = document.body.dataset;
  if (!gtmId) return;
  startConsentBar(gtmId);
  // While the bar shows, a control reached by Tab is kept clear of it.
  keepFocusClear();
  element.dataset.upgraded = '';
  startAnalytics(gtmId, analyticsConsent === 'not-required' ? 'not-required' : 'required');
}
