// How the plans' cards and comparison table word each plan: the rows in their order, each a label and a value made
// of the plan's figures (plans.ts) and the words of plan-details.labels.md. A module of its own, apart from plans.ts,
// which the facts and so the contact dialog's lazy module import: only the server renders the rows.
import { business, formatUsd } from './business.js';
import { fill } from './labels.js';
import { cardLines, rows, terms, values } from './plan-details.labels.md';
import { yearlyPerMonth, type Plan } from './plans.js';

/**
 * The words of the plans a buyer may not know, explained in a line right
 * under the comparison table that follows the cards (the values are the
 * specification's; what they mean is ours to say).
 */
export const planTerms = {
  resources: { term: terms.resources, text: terms.resourcesMeaning },
  accelerator: { term: terms.accelerator, text: terms.acceleratorMeaning },
};

/** A line of a plan's card and a row of the comparison table: its label, and its value for a plan. */
export interface PlanRow {
  label: string;
  value: (plan: Plan) => string;
  /** The card shows the value alone: it says what it is. */
  namesItself?: boolean;
}

const gigabytes = (gb: number) => fill(values.gigabytes, { gb });

/** What each plan includes, as the cards and the comparison table list it. */
export const planRows: PlanRow[] = [
  { label: rows.storage, value: (plan) => gigabytes(plan.storageGb) },
  { label: rows.bandwidth, value: (plan) => (plan.bandwidthGb === 'unlimited' ? values.unlimited : gigabytes(plan.bandwidthGb)) },
  { label: rows.resources, value: (plan) => plan.resources },
  // "AccelerateWP Premium" says what it is: a card lists it without its label, on two lines at most on a tablet.
  { label: rows.accelerator, value: (plan) => plan.accelerator, namesItself: true },
];

/** The comparison table under the cards, every row in order: the prices, what each plan includes, what all have alike. */
export const comparisonRows: PlanRow[] = [
  { label: rows.monthly, value: (plan) => formatUsd(plan.monthlyPrice) },
  {
    label: rows.yearly,
    value: (plan) => fill(values.yearly, { price: formatUsd(plan.yearlyPrice), perMonth: formatUsd(yearlyPerMonth(plan)) }),
  },
  ...planRows,
  { label: rows.backups, value: () => fill(values.backups, { count: business.backupsPerDay }) },
  { label: rows.uptime, value: () => business.uptimeGuarantee },
];

/** Lines every plan's card ends with, after its rows. */
export const planCardLines: ((plan: Plan) => string)[] = [() => fill(cardLines.backups, { count: business.backupsPerDay })];
