import { contentUpdated, type PageHead } from '../../meta.js';

export const head: PageHead = {
  lastModified: contentUpdated,
  meta: {
    title: 'Website Maintenance',
    description:
      'Website maintenance plans: updates, backups, security monitoring, uptime checks and small content changes handled for you every month.',
    keywords: ['website maintenance', 'WordPress maintenance', 'website updates', 'security monitoring'],
  },
};
