import { contentUpdated, type PageHead } from '../../meta.js';

export const head: PageHead = {
  lastModified: contentUpdated,
  meta: {
    title: 'Page Not Found',
    description: 'The page you were looking for is not here, but there is plenty more to explore.',
    keywords: ['404', 'page not found'],
  },
};
