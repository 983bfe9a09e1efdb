// What the legal pages say in code rather than in their Markdown files
// (shared/pages/{privacy,terms,aup}/*.legal.md): the prose that depends on the
// configuration the site is served with, and the section ids other pages link to.
import type { SiteConfig } from '../site-config.js';

/** What the Privacy Policy says of cookies and analytics: true to the configuration it is served with. */
export function analyticsPolicy(site: Pick<SiteConfig, 'gtmId' | 'analyticsConsent'>): string {
  if (!site.gtmId) return 'This website sets no cookies and runs no analytics.';
  const what =
    'Google Analytics, loaded through Google Tag Manager, records the pages you view, how you arrived, your browser and device type and your approximate location (derived from your IP address), and sets cookies named _ga and _ga_<id> that hold a random identifier for up to 2 years. We use it only to see which pages are useful; advertising features are switched off.';
  const change =
    'Your choice is kept in your browser on this device, and asked again after 12 months. You can change it at any time with "Cookie settings" at the bottom of every page; after you reject, nothing more is sent to Google from that moment, on the page you are on or any other, and the analytics cookies are deleted. A Global Privacy Control signal from your browser counts as a rejection, and then nothing is loaded.';
  if (site.analyticsConsent === 'required') {
    return `This website itself sets no cookies. With your consent only, we measure visits: the first time you visit, a bar at the bottom of the page asks, and nothing is loaded or stored before you choose Accept. ${what} ${change}`;
  }
  return `This website itself sets no cookies. We measure visits: ${what} ${change}`;
}
