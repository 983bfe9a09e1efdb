// Business constants from the specification. Each is written here once; pages,
// legal text and head tags import them instead of repeating the figure.
export const business = {
  uptimeGuarantee: '99.9%',
  backupsPerDay: 3,
  /** Bandwidth overage, USD per GB. */
  overagePerGb: 0.02,
  refundDays: 30,
  supportResponseMinutes: 30,
  /** Tickets through the client portal are the preferred channel. */
  supportChannels: ['live chat', 'email', 'tickets through the client portal'] as const,
  /** SLA credit is this many times the downtime, on request. */
  slaCreditMultiplier: 3,
  dmcaNoticeHours: 24,
  offsiteBackupRemovalMonths: 6,
  minimumAge: 18,
  dataLocation: 'the United States',
  governingState: 'Missouri',
  paymentProcessor: 'our card payment provider',
  /** ISO date the legal pages were last changed. */
  legalUpdated: '2023-06-04',
  copyrightYear: 2023,
  /** Storage speed claim for NVMe against traditional drives. */
  nvmeSpeedup: '50x',
} as const;

/** "June 4, 2023": legal dates are shown in US English, in UTC so the day never shifts. */
export function formatLegalDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** "$12" or "$0.02": whole dollars without cents, otherwise two decimals. */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}
