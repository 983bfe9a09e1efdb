import type { PageHead } from '../../meta.js';
import document from './terms.legal.md';

export const head: PageHead = {
  lastModified: document.updated,
  meta: {
    title: 'Terms & Conditions',
    description:
      'The terms of our hosting and development services: renewals, refunds, the uptime guarantee and SLA credits, termination, backups and governing law.',
    keywords: ['terms and conditions', 'terms of service', 'SLA', 'refund policy'],
    section: 'Legal',
  },
};
