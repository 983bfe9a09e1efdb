import { contentUpdated, type PageHead } from '../../meta.js';

export const head: PageHead = {
  lastModified: contentUpdated,
  meta: {
    // The search page names the query in its title (server/search-page.ts).
    title: 'Search',
    description: 'Search our pages, answers and legal terms, or find where to log in, pay and open a ticket.',
    keywords: ['search'],
  },
};
