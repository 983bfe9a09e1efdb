import { contentUpdated, type PageHead } from '../../meta.js';

export const head: PageHead = {
  lastModified: contentUpdated,
  meta: {
    title: 'About Us',
    description:
      'Meet your hosting allies: a small team that builds, hosts and looks after websites with clear communication and a response team on call around the clock.',
    keywords: ['about us', 'hosting company', 'web hosting team', 'managed hosting support'],
  },
};
