import { formatUsd } from '../../content/business.js';
import { lowestMonthlyPrice } from '../../content/plans.js';
import { contentUpdated, type PageHead } from '../../meta.js';

export const head: PageHead = {
  lastModified: contentUpdated,
  meta: {
    title: 'Our Services',
    description: `Shared hosting from ${formatUsd(lowestMonthlyPrice)} a month, custom software development and website maintenance: what each includes, what it costs, and one team behind all three.`,
    keywords: ['web hosting services', 'shared hosting', 'custom software development', 'website maintenance'],
  },
};
