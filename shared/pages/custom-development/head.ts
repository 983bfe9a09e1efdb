import { contentUpdated, type PageHead } from '../../meta.js';

export const head: PageHead = {
  // The page's name in the menu, footer and breadcrumb (the document title's three long words would leave one alone
  // on a line at 360-412 px).
  bannerTitle: 'Custom Development',
  lastModified: contentUpdated,
  meta: {
    title: 'Custom Software Development',
    description: 'Web applications, integrations and internal tools, designed, built and hosted by one accountable team.',
    keywords: ['custom software development', 'web application development', 'API integration', 'bespoke software'],
  },
};
