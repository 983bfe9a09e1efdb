// The facts that Markdown copy names as {{name}}: each is written once, in the
// typed data (business constants, plans, the configuration), and a page's text
// states it through this table, so a changed price or term changes every
// sentence that states it. A name that is not here stops the build
// (scripts/markdown-content.ts).
import type { SiteConfig } from '../site-config.js';
import { analyticsPolicy } from './legal.js';
import { business, formatUsd, responsePromise, supportChannels } from './business.js';
import { migrationOffer, planChanges } from './offers.js';
import { freeMonths, lowestMonthlyPrice, plans, yearlySaving } from './plans.js';

const [cheapest] = plans;

/** Each fact as the sentence states it, for the configuration the page is served with. */
export const facts = {
  brand: (site) => site.brandName,
  supportEmail: (site) => site.supportEmail,
  supportPhone: (site) => site.supportPhone,
  copyrightYear: () => String(business.copyrightYear),
  supportChannels: (site) => supportChannels(site),
  analyticsPolicy: (site) => analyticsPolicy(site),
  uptimeGuarantee: () => business.uptimeGuarantee,
  backupsPerDay: () => String(business.backupsPerDay),
  overagePerGb: () => formatUsd(business.overagePerGb),
  refundDays: () => String(business.refundDays),
  supportResponseMinutes: () => String(business.supportResponseMinutes),
  responsePromise: () => responsePromise,
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
      .filter((plan) => plan.bandwidth === 'Unlimited')
      .map((plan) => plan.name)
      .join(' and '),
  migrationOffer: () => migrationOffer,
  planChanges: () => planChanges,
} satisfies Record<string, (site: SiteConfig) => string>;

export type FactName = keyof typeof facts;

export function isFactName(name: string): name is FactName {
  return Object.hasOwn(facts, name);
}
