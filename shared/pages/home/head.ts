import { business } from '../../content/business.js';
import { contentUpdated, type PageHead } from '../../meta.js';

export const head: PageHead = {
  lastModified: contentUpdated,
  meta: {
    title: 'Cloud-Powered Hosting, Custom Development and Website Maintenance',
    description: `Fast NVMe shared hosting with a ${business.uptimeGuarantee} uptime guarantee, custom software development and website maintenance, backed by a support team that answers within ${business.supportResponseMinutes} minutes.`,
    keywords: ['web hosting', 'shared hosting', 'NVMe hosting', 'custom software development', 'website maintenance'],
  },
};
