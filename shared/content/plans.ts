// The three shared-hosting plans. Prices are USD. A yearly term costs ten
// months (two months free).
import type { PlanId } from '../links.js';
import { business, formatUsd } from './business.js';

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  monthlyPrice: number;
  yearlyPrice: number;
  storageGb: number;
  bandwidth: string;
  resources: string;
  accelerator: string;
  recommended?: boolean;
}

/** Never empty: the billing switch reads its saving from the first plan. */
export const plans: [Plan, ...Plan[]] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For a personal site, a portfolio or a small business getting online.',
    monthlyPrice: 12,
    yearlyPrice: 120,
    storageGb: 15,
    bandwidth: '100GB',
    resources: 'Basic',
    accelerator: 'AccelerateWP Basic',
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For growing businesses and busy WordPress or WooCommerce sites.',
    monthlyPrice: 18,
    yearlyPrice: 180,
    storageGb: 25,
    bandwidth: 'Unlimited',
    resources: 'Optimized (2x)',
    accelerator: 'AccelerateWP Basic',
    recommended: true,
  },
  {
    id: 'max',
    name: 'Max',
    description: 'For high-traffic stores, agencies and sites that need the most power.',
    monthlyPrice: 24,
    yearlyPrice: 240,
    storageGb: 50,
    bandwidth: 'Unlimited',
    resources: 'Turbo (3x)',
    accelerator: 'AccelerateWP Premium',
  },
];

export const lowestMonthlyPrice = Math.min(...plans.map((plan) => plan.monthlyPrice));

/** Months a yearly term saves against paying monthly. */
export function freeMonths(plan: Plan): number {
  return 12 - plan.yearlyPrice / plan.monthlyPrice;
}

/** What a yearly term comes to a month: the figure a buyer compares with the monthly price. */
export function yearlyPerMonth(plan: Plan): number {
  return Math.round((plan.yearlyPrice / 12) * 100) / 100;
}

/** What a yearly term saves against twelve monthly payments. */
export function yearlySaving(plan: Plan): number {
  return plan.monthlyPrice * 12 - plan.yearlyPrice;
}

/**
 * The words of the plans a buyer may not know, explained in a line right
 * under the comparison table that follows the cards (the values are the
 * specification's; what they mean is ours to say).
 */
export const planTerms = {
  resources: {
    term: 'RAM and CPU',
    text: 'memory and processor time your sites may use; Optimized is twice Basic, Turbo three times.',
  },
  accelerator: {
    term: 'AccelerateWP',
    text: 'CloudLinux’s WordPress speed-up: Basic caches pages, Premium adds image optimisation and a CDN.',
  },
};

/** A line of a plan's card and a row of the comparison table: its label, and its value for a plan. */
export interface PlanRow {
  label: string;
  value: (plan: Plan) => string;
  /** The card shows the value alone: it says what it is. */
  namesItself?: boolean;
}

/** What each plan includes, as the cards and the comparison table list it. */
export const planRows: PlanRow[] = [
  { label: 'NVMe storage', value: (plan) => `${plan.storageGb}GB` },
  { label: 'Bandwidth', value: (plan) => plan.bandwidth },
  { label: 'RAM and CPU', value: (plan) => plan.resources },
  // "AccelerateWP Premium" says what it is: a card lists it without its label, on two lines at most on a tablet.
  { label: 'Accelerator', value: (plan) => plan.accelerator, namesItself: true },
];

/** The comparison table under the cards, every row in order: the prices, what each plan includes, what all have alike. */
export const comparisonRows: PlanRow[] = [
  { label: 'Monthly', value: (plan) => formatUsd(plan.monthlyPrice) },
  { label: 'Yearly', value: (plan) => `${formatUsd(plan.yearlyPrice)} (${formatUsd(yearlyPerMonth(plan))}/month)` },
  ...planRows,
  { label: 'Backups', value: () => `${business.backupsPerDay} a day` },
  { label: 'Uptime guarantee', value: () => business.uptimeGuarantee },
];

/** Lines every plan's card ends with, after its rows. */
export const planCardLines: ((plan: Plan) => string)[] = [() => `Backups ${business.backupsPerDay} times a day`];
