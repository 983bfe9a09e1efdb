// The consent bar and the tag manager: plain DOM code, upgraded after the first
// paint on pages with analytics (GTM_ID set), so pages without carry none of it.
import { startConsentBar } from '../../shared/consent-bar-client.js';
import { startAnalytics } from '../../shared/analytics.js';
import { keepFocusClear } from '../../shared/focus-clearance.js';

/**
 * The whole page parsed. The bar is upgraded after the first paint, which Chromium draws before it parses past the
 * stylesheet's link (decision 045), and it wires Cookie settings in the footer: started before the footer is parsed,
 * that button would stay hidden on this page. The start-up script holds a tap on the bar until this resolves.
 */
const parsed = (): Promise<void> =>
  document.readyState === 'loading'
    ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }))
    : Promise.resolve();

export async function upgrade(element: HTMLElement): Promise<void> {
  const { gtmId, analyticsConsent } = document.body.dataset;
  if (!gtmId) return;
  await parsed();
  startConsentBar(gtmId);
  // While the bar shows, a control reached by Tab is kept clear of it.
  keepFocusClear();
  element.dataset.upgraded = '';
  startAnalytics(gtmId, analyticsConsent === 'not-required' ? 'not-required' : 'required');
}
