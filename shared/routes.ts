// The one route table. The server matches requests against it and takes each
// page's status, head tags and breadcrumb from it; the header's menus (hydrated
// in the browser), the search index and the sitemap are drawn from it. Pages are
// referenced by lazy import, so the table can be read without loading them.
import type { ComponentType } from 'react';
import { business, formatUsd } from './content/business.js';
import { lowestMonthlyPrice } from './content/plans.js';
import type { PageMeta } from './meta.js';
import acceptableUse from './pages/aup/aup.legal.md';
import privacy from './pages/privacy/privacy.legal.md';
import terms from './pages/terms/terms.legal.md';
import { routePaths, type RouteId } from './paths.js';

export type { RouteId };

export interface RouteDef {
  id: RouteId;
  /** React Router path pattern; '*' matches whatever no other route does. */
  path: string;
  /** Short name for menus and breadcrumbs. */
  label: string;
  /** Where the header lists the page: in the main bar, or in the Services dropdown. */
  menu?: 'main' | 'services';
  /** Breadcrumb trail above the page heading; absent on Home and not-found. */
  breadcrumb?: Crumb[];
  /** The banner's heading where the page's title is too long for one line on a phone. */
  bannerTitle?: string;
  /** A jump from the banner to what most visitors came to the page for. */
  bannerLink?: { label: string; href: string };
  /** Where search engines should index this content; defaults to `path`. */
  canonicalPath?: string;
  /**
   * Rendered for each request from what it asks (the search page, from its
   * query), never prepared at start-up; never indexed, listed in the sitemap or
   * given a canonical address.
   */
  perRequest?: boolean;
  status: 200 | 404;
  /** ISO date the page's content last changed: the sitemap's, and an article's modified time. */
  lastModified: string;
  meta: PageMeta;
  page: () => Promise<{ default: ComponentType }>;
}

export interface Crumb {
  label: string;
  /** The current page has no link. */
  path?: string;
}

/** When the marketing pages' content last changed; the legal pages carry their own date. */
const contentUpdated = '2026-11-22';

const home: Crumb = { label: 'Home', path: routePaths.home };
const services: Crumb = { label: 'Services', path: routePaths.services };

const sharedHosting: RouteDef = {
  id: 'shared-hosting',
  path: routePaths['shared-hosting'],
  label: 'Shared Hosting',
  menu: 'services',
  breadcrumb: [home, services, { label: 'Shared Hosting' }],
  // The plans are well down the page, after what every plan includes.
  bannerLink: { label: 'See plans and prices', href: '#pricing' },
  status: 200,
  lastModified: contentUpdated,
  meta: {
    title: 'Shared Hosting Plans',
    description: `Shared hosting on NVMe storage with backups ${business.backupsPerDay} times a day, a ${business.uptimeGuarantee} uptime guarantee and managed WordPress. Plans from ${formatUsd(lowestMonthlyPrice)} a month.`,
    keywords: ['shared hosting', 'WordPress hosting', 'NVMe storage', 'hosting plans', 'AccelerateWP'],
  },
  page: () => import('./pages/shared-hosting/page.js'),
};

export const routes: RouteDef[] = [
  {
    id: 'home',
    menu: 'main',
    path: routePaths.home,
    label: 'Home',
    status: 200,
    lastModified: contentUpdated,
    meta: {
      title: 'Cloud-Powered Hosting, Custom Development and Website Maintenance',
      description: `Fast NVMe shared hosting with a ${business.uptimeGuarantee} uptime guarantee, custom software development and website maintenance, backed by a support team that answers within ${business.supportResponseMinutes} minutes.`,
      keywords: ['web hosting', 'shared hosting', 'NVMe hosting', 'custom software development', 'website maintenance'],
    },
    page: () => import('./pages/home.js'),
  },
  {
    id: 'about',
    menu: 'main',
    path: routePaths.about,
    label: 'About',
    breadcrumb: [home, { label: 'About' }],
    status: 200,
    lastModified: contentUpdated,
    meta: {
      title: 'About Us',
      description:
        'Meet your hosting allies: a small team that builds, hosts and looks after websites with clear communication and a response team on call around the clock.',
      keywords: ['about us', 'hosting company', 'web hosting team', 'managed hosting support'],
    },
    page: () => import('./pages/about.js'),
  },
  sharedHosting,
  // The older address of the same page: served as-is, indexed under the new one.
  { ...sharedHosting, id: 'hosting-alias', path: routePaths['hosting-alias'], menu: undefined, canonicalPath: sharedHosting.path },
  {
    id: 'custom-development',
    path: routePaths['custom-development'],
    label: 'Custom Development',
    menu: 'services',
    breadcrumb: [home, services, { label: 'Custom Development' }],
    // The page's name in the menu, footer and breadcrumb (the document title's three long words would leave one alone
    // on a line at 360-412 px).
    bannerTitle: 'Custom Development',
    status: 200,
    lastModified: contentUpdated,
    meta: {
      title: 'Custom Software Development',
      description: 'Web applications, integrations and internal tools, designed, built and hosted by one accountable team.',
      keywords: ['custom software development', 'web application development', 'API integration', 'bespoke software'],
    },
    page: () => import('./pages/custom-development.js'),
  },
  {
    id: 'maintenance',
    path: routePaths.maintenance,
    label: 'Website Maintenance',
    menu: 'services',
    breadcrumb: [home, services, { label: 'Website Maintenance' }],
    status: 200,
    lastModified: contentUpdated,
    meta: {
      title: 'Website Maintenance',
      description:
        'Website maintenance plans: updates, backups, security monitoring, uptime checks and small content changes handled for you every month.',
      keywords: ['website maintenance', 'WordPress maintenance', 'website updates', 'security monitoring'],
    },
    page: () => import('./pages/maintenance.js'),
  },
  {
    // The overview the "Services" crumb leads to; last in the Services menu.
    id: 'services',
    path: routePaths.services,
    label: 'All Services',
    menu: 'services',
    breadcrumb: [home, { label: 'Services' }],
    status: 200,
    lastModified: contentUpdated,
    meta: {
      title: 'Our Services',
      description: `Shared hosting from ${formatUsd(lowestMonthlyPrice)} a month, custom software development and website maintenance: what each includes, what it costs, and one team behind all three.`,
      keywords: ['web hosting services', 'shared hosting', 'custom software development', 'website maintenance'],
    },
    page: () => import('./pages/services.js'),
  },
  {
    id: 'contact',
    menu: 'main',
    path: routePaths.contact,
    label: 'Contact',
    breadcrumb: [home, { label: 'Contact' }],
    status: 200,
    lastModified: contentUpdated,
    meta: {
      title: 'Contact Us',
      description: `Talk to our team about hosting, custom development or maintenance. We answer support requests within ${business.supportResponseMinutes} minutes, day and night.`,
      keywords: ['contact', 'hosting support', 'sales enquiry', 'newsletter', 'address', 'location'],
    },
    page: () => import('./pages/contact.js'),
  },
  {
    id: 'privacy',
    path: routePaths.privacy,
    label: 'Privacy Policy',
    breadcrumb: [home, { label: 'Privacy Policy' }],
    status: 200,
    lastModified: privacy.updated,
    meta: {
      title: 'Privacy Policy',
      description: 'How we collect, use, store and protect personal data, where it is processed and the choices you have.',
      keywords: ['privacy policy', 'personal data', 'data protection'],
      section: 'Legal',
    },
    page: () => import('./pages/privacy/page.js'),
  },
  {
    id: 'terms',
    path: routePaths.terms,
    label: 'Terms & Conditions',
    breadcrumb: [home, { label: 'Terms & Conditions' }],
    status: 200,
    lastModified: terms.updated,
    meta: {
      title: 'Terms & Conditions',
      description:
        'The terms of our hosting and development services: renewals, refunds, the uptime guarantee and SLA credits, termination, backups and governing law.',
      keywords: ['terms and conditions', 'terms of service', 'SLA', 'refund policy'],
      section: 'Legal',
    },
    page: () => import('./pages/terms/page.js'),
  },
  {
    id: 'aup',
    path: routePaths.aup,
    label: 'Acceptable Use Policy',
    breadcrumb: [home, { label: 'Acceptable Use Policy' }],
    status: 200,
    lastModified: acceptableUse.updated,
    meta: {
      title: 'Acceptable Use Policy',
      description:
        'What may and may not be hosted on our servers, how resource use is managed, and how abuse and DMCA complaints are handled.',
      keywords: ['acceptable use policy', 'AUP', 'abuse', 'DMCA'],
      section: 'Legal',
    },
    page: () => import('./pages/aup/page.js'),
  },
  {
    id: 'search',
    path: routePaths.search,
    label: 'Search',
    breadcrumb: [home, { label: 'Search' }],
    perRequest: true,
    status: 200,
    lastModified: contentUpdated,
    meta: {
      // The search page names the query in its title (server/search-page.ts).
      title: 'Search',
      description: 'Search our pages, answers and legal terms, or find where to log in, pay and open a ticket.',
      keywords: ['search'],
    },
    page: () => import('./pages/search.js'),
  },
  {
    id: 'not-found',
    path: routePaths['not-found'],
    label: 'Page not found',
    status: 404,
    lastModified: contentUpdated,
    meta: {
      title: 'Page Not Found',
      description: 'The page you were looking for is not here, but there is plenty more to explore.',
      keywords: ['404', 'page not found'],
    },
    page: () => import('./pages/not-found.js'),
  },
];

/** The address a route's content is indexed under, or none for the not-found and search pages. */
export function canonicalPathOf(route: RouteDef): string | undefined {
  if (route.status === 404 || route.perRequest) return undefined;
  return route.canonicalPath ?? route.path;
}

/** Pages with an address of their own: what the sitemap, the search index and the audits cover (no alias, no 404, no search page). */
export function indexableRoutes(): RouteDef[] {
  return routes.filter((route) => route.status === 200 && !route.canonicalPath && !route.perRequest);
}

/** Pages the header lists in one menu, in table order. */
export function menuRoutes(menu: NonNullable<RouteDef['menu']>): RouteDef[] {
  return routes.filter((route) => route.menu === menu);
}

export function routeById(id: RouteId): RouteDef {
  const route = routes.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`No route with id ${id}`);
  return route;
}
