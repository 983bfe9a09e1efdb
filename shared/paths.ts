// Every page's address by route id. The route table takes its paths from
// here, and pages link by it: a page never imports the table that lazily
// imports the page (no import circle).
import { searchPath } from './search-query.js';

export const routePaths = {
  home: '/',
  about: '/about',
  services: '/services',
  'shared-hosting': '/services/shared-hosting',
  'hosting-alias': '/services/hosting',
  'custom-development': '/services/custom-development',
  maintenance: '/services/maintenance',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  aup: '/aup',
  search: searchPath,
  'not-found': '*',
} as const;

export type RouteId = keyof typeof routePaths;
