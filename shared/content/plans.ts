// The three shared-hosting plans. Prices are USD. A yearly term costs ten
// months (two months free). The figures are here; the words (each plan's name,
// description and the worded values of its rows) are in plan-details.labels.md.
import type { PlanId } from '../links.js';
import * as words from './plan-details.labels.md';

/** A plan's figures, written once: every page, the facts and the structured data read them from here. */
interface PlanFigures {
  id: PlanId;
  monthlyPrice: number;
  yearlyPrice: number;
  storageGb: number;
  /** A monthly limit, or none. */
  bandwidthGb: number | 'unlimited';
  recommended?: boolean;
}

export interface Plan extends PlanFigures {
  name: string;
  description: string;
  /** Its RAM and CPU, in words ("Optimized (2x)"). */
  resources: string;
  /** Its AccelerateWP edition, in words. */
  accelerator: string;
}

const planFigures: [PlanFigures, ...PlanFigures[]] = [
  { id: 'starter', monthlyPrice: 12, yearlyPrice: 120, storageGb: 15, bandwidthGb: 100 },
  { id: 'pro', monthlyPrice: 18, yearlyPrice: 180, storageGb: 25, bandwidthGb: 'unlimited', recommended: true },
  { id: 'max', monthlyPrice: 24, yearlyPrice: 240, storageGb: 50, bandwidthGb: 'unlimited' },
];

function withWords(figures: PlanFigures): Plan {
  const { id } = figures;
  return {
    ...figures,
    name: words.names[id],
    description: words.descriptions[id],
    resources: words.resources[id],
    accelerator: words.accelerators[id],
  };
}

/** Never empty: the billing switch reads its saving from the first plan. */
const [first, ...others] = planFigures;
export const plans: [Plan, ...Plan[]] = [withWords(first), ...others.map(withWords)];

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
