import { business, formatUsd } from '../../content/business.js';
import { lowestMonthlyPrice } from '../../content/plans.js';
import { contentUpdated, type PageHead } from '../../meta.js';

export const head: PageHead = {
  // The plans are well down the page, after what every plan includes.
  bannerLink: { label: 'See plans and prices', href: '#pricing' },
  lastModified: contentUpdated,
  meta: {
    title: 'Shared Hosting Plans',
    description: `Shared hosting on NVMe storage with backups ${business.backupsPerDay} times a day, a ${business.uptimeGuarantee} uptime guarantee and managed WordPress. Plans from ${formatUsd(lowestMonthlyPrice)} a month.`,
    keywords: ['shared hosting', 'WordPress hosting', 'NVMe storage', 'hosting plans', 'AccelerateWP'],
  },
};
