// The names that Markdown copy may write as {{name}}: the build checks each against this list
// (scripts/markdown-content.ts), and shared/content/facts.ts fills each in, one for one. A list of its own, so that the
// build reads the names without the facts, some of which are themselves copy in Markdown (the Privacy Policy's
// analytics paragraph), which the build script cannot import.
export const factNames = [
  'brand',
  'supportEmail',
  'supportPhone',
  'copyrightYear',
  'supportChannels',
  'analyticsPolicy',
  'consentRenewalMonths',
  'uptimeGuarantee',
  'backupsPerDay',
  'overagePerGb',
  'refundDays',
  'supportResponseMinutes',
  'responsePromise',
  'slaCreditMultiplier',
  'dmcaNoticeHours',
  'offsiteBackupRemovalMonths',
  'minimumAge',
  'dataLocation',
  'governingState',
  'paymentProcessor',
  'nvmeSpeedup',
  'lowestMonthlyPrice',
  'cheapestPlan',
  'cheapestPlanMonthlyPrice',
  'cheapestPlanYearlyPrice',
  'cheapestPlanYearlySaving',
  'cheapestPlanFreeMonths',
  'unlimitedBandwidthPlans',
  'migrationOffer',
  'planChanges',
] as const;

export type FactName = (typeof factNames)[number];

export function isFactName(name: string): name is FactName {
  return (factNames as readonly string[]).includes(name);
}
