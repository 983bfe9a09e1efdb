// Business constants from the specification. Each is written here once; pages,
// legal text and head tags import them instead of repeating the figure.

export const business = {
  uptimeGuarantee: '99.9%',
  backupsPerDay: 3,
  /** Bandwidth overage, USD per GB. */
  overagePerGb: 0.02,
  refundDays: 30,
  /** Support answers within this many minutes, day and night (site-wide.shared.md's responsePromise names it). */
  supportResponseMinutes: 30,
  /** SLA credit is this many times the downtime, on request. */
  slaCreditMultiplier: 3,
  dmcaNoticeHours: 24,
  offsiteBackupRemovalMonths: 6,
  minimumAge: 18,
  dataLocation: 'the United States',
  governingState: 'Missouri',
  paymentProcessor: 'our card payment provider',
  copyrightYear: 2023,
  /**
   * The analytics choice is asked again after this many months, as the Privacy Policy says: shared/consent-script.ts
   * counts them as 365 days (CONSENT_RENEW_AFTER_MS), for the consent bar's island cannot import this table without
   * a module of its own (test/unit/content.test.ts keeps the two alike).
   */
  consentRenewalMonths: 12,
  /** Storage speed claim for NVMe against traditional drives. */
  nvmeSpeedup: '50x',
} as const;

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "June 4, 2023": legal dates in US English, read from the ISO date itself so
 * the day never shifts with a time zone. Not toLocaleDateString: its first
 * call loads ICU's locale data, a cost at every start-up for one fixed format.
 */
export function formatLegalDate(isoDate: string): string {
  const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate) ?? [];
  if (!year) throw new Error(`Not an ISO date: ${isoDate}`);
  return `${monthNames[Number(month) - 1]} ${Number(day)}, ${year}`;
}

/** "$12" or "$0.02": whole dollars without cents, otherwise two decimals. */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}
