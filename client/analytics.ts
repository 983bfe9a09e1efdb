// The module a page with analytics (GTM_ID set) loads while its islands
// hydrate: the consent bar's behaviour and the tag manager's loading. Built
// apart from the entry (scripts/build.ts), so pages without analytics carry none of it.
export { startConsentBar } from '../shared/consent-bar-client.js';
export { startAnalytics } from '../shared/analytics.js';
