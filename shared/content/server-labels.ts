// Labels files whose schema the islands do not read (shared/content/labels.ts explains the schema): kept out of
// labels.ts, whose text is part of the islands' shared module, where esbuild's minifier picks short names by the
// characters of the modules' source, so that a line added there would rename the islands' code and every page's asset
// addresses. The server reads their words (and the contact dialog the plans' names, through the facts).
import type { PlanId } from '../links.js';

/** A group of one label a plan, by its id: a plan added to PlanId is a label each of these groups must have. */
const eachPlan = { starter: [], pro: [], max: [] } as const satisfies Record<PlanId, readonly string[]>;

export const serverLabelFiles = {
  // The search's results that leave the site (shared/content/search-destinations.ts), by their id.
  destinations: {
    clientLogin: { title: [], description: [] },
    payInvoice: { title: [], description: [] },
    order: { title: [], description: ['plans'] },
    submitTicket: { title: [], description: [] },
    reportAbuse: { title: [], description: [] },
    statusPage: { title: [], description: [] },
    liveChat: { title: [], description: [] },
  },
  // The plans' own words and the rows of their cards and comparison table (shared/content/plans.ts, plan-rows.ts).
  'plan-details': {
    names: eachPlan,
    descriptions: eachPlan,
    rows: { monthly: [], yearly: [], storage: [], bandwidth: [], resources: [], accelerator: [], backups: [], uptime: [] },
    values: { yearly: ['price', 'perMonth'], gigabytes: ['gb'], unlimited: [], backups: ['count'] },
    resources: eachPlan,
    accelerators: eachPlan,
    cardLines: { backups: ['count'] },
    terms: { resources: [], resourcesMeaning: [], accelerator: [], acceleratorMeaning: [] },
  },
} as const satisfies Record<string, Record<string, Record<string, readonly string[]>>>;

/** One of these files' words, by group. */
export type ServerLabelsOf<F extends keyof typeof serverLabelFiles> = {
  [G in keyof (typeof serverLabelFiles)[F]]: { [K in keyof (typeof serverLabelFiles)[F][G]]: string };
};
