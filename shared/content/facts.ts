// The facts that Markdown copy names as {{name}}: each is written once, in the
// typed data (business constants, plans, the configuration), and a page's text
// states it through this table, so a changed price or term changes every
// sentence that states it. A name that is not in fact-names.ts stops the build
// (scripts/markdown-content.ts).
import { analytics } from '../pages/privacy/privacy.legal.md';
import type { SiteConfig } from '../site-config.js';
import type { FactName } from './fact-names.js';
import type { TextRun } from './markdown.js';
import { business, formatUsd } from './business.js';
import { freeMonths, lowestMonthlyPrice, plans, yearlySaving } from './plans.js';
import { sentences, supportChannels } from './site-wide.shared.md';

const [cheapest] = plans;

/** Words and the facts they name, as one string for this configuration. */
function text(runs: TextRun[], site: SiteConfig): string {
  return runs.map((run) => (typeof run === 'string' ? run : facts[run.fact](site))).join('');
}

/**
 * What the Privacy Policy says of cookies and analytics, true to the configuration it is served with: the paragraphs of
 * its front matter's analytics block (shared/pages/privacy/privacy.legal.md), one for a site without analytics, or
 * the opening for the way consent is asked, then what is measured and how the choice is kept.
 */
function analyticsPolicy(site: SiteConfig): string {
  if (!analytics) throw new Error('shared/pages/privacy/privacy.legal.md: analytics: is required, the paragraph of #cookies-and-analytics');
  if (!site.gtmId) return text(analytics.none, site);
  const opening = site.analyticsConsent === 'required' ? analytics.askFirst : analytics.noAsking;
  return [opening, analytics.what, analytics.choice].map((part) => text(part, site)).join(' ');
}

/** Each fact as the sentence states it, for the configuration the page is served with. */
export const facts = {
  brand: (site) => site.brandName,
  supportEmail: (site) => site.supportEmail,
  supportPhone: (site) => site.supportPhone,
  copyrightYear: () => String(business.copyrightYear),
  // A chat is named only where the operator configured one (LIVE_CHAT_URL): no page promises a chat it cannot open.
  supportChannels: (site) => text(site.liveChatUrl ? supportChannels.withChat : supportChannels.withoutChat, site),
  analyticsPolicy: (site) => analyticsPolicy(site),
  consentRenewalMonths: () => String(business.consentRenewalMonths),
  uptimeGuarantee: () => business.uptimeGuarantee,
  backupsPerDay: () => String(business.backupsPerDay),
  overagePerGb: () => formatUsd(business.overagePerGb),
  refundDays: () => String(business.refundDays),
  supportResponseMinutes: () => String(business.supportResponseMinutes),
  responsePromise: (site) => text(sentences.responsePromise, site),
  slaCreditMultiplier: () => String(business.slaCreditMultiplier),
  dmcaNoticeHours: () => String(business.dmcaNoticeHours),
  offsiteBackupRemovalMonths: () => String(business.offsiteBackupRemovalMonths),
  minimumAge: () => String(business.minimumAge),
  dataLocation: () => business.dataLocation,
  governingState: () => business.governingState,
  paymentProcessor: () => business.paymentProcessor,
  nvmeSpeedup: () => business.nvmeSpeedup,
  lowestMonthlyPrice: () => formatUsd(lowestMonthlyPrice),
  cheapestPlan: () => cheapest.name,
  cheapestPlanMonthlyPrice: () => formatUsd(cheapest.monthlyPrice),
  cheapestPlanYearlyPrice: () => formatUsd(cheapest.yearlyPrice),
  cheapestPlanYearlySaving: () => formatUsd(yearlySaving(cheapest)),
  cheapestPlanFreeMonths: () => String(freeMonths(cheapest)),
  unlimitedBandwidthPlans: () =>
    plans
      .filter((plan) => plan.bandwidthGb === 'unlimited')
      .map((plan) => plan.name)
      .join(' and '),
  migrationOffer: (site) => text(sentences.migrationOffer, site),
  planChanges: (site) => text(sentences.planChanges, site),
} satisfies Record<FactName, (site: SiteConfig) => string>;

export type { FactName };
