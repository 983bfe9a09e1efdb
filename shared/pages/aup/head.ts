import type { PageHead } from '../../meta.js';
import document from './aup.legal.md';

export const head: PageHead = {
  lastModified: document.updated,
  meta: {
    title: 'Acceptable Use Policy',
    description:
      'What may and may not be hosted on our servers, how resource use is managed, and how abuse and DMCA complaints are handled.',
    keywords: ['acceptable use policy', 'AUP', 'abuse', 'DMCA'],
    section: 'Legal',
  },
};
