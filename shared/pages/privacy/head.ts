import type { PageHead } from '../../meta.js';
import document from './privacy.legal.md';

export const head: PageHead = {
  lastModified: document.updated,
  meta: {
    title: 'Privacy Policy',
    description: 'How we collect, use, store and protect personal data, where it is processed and the choices you have.',
    keywords: ['privacy policy', 'personal data', 'data protection'],
    section: 'Legal',
  },
};
