// Copy more than one page or component shows: the services at a glance (Home and
// the Services overview) and the Shared Hosting page's pricing section. Each
// service page's own copy is in its folder (shared/pages/<id>/<id>.page.md).
import type { RouteId } from '../paths.js';
import { business, formatUsd } from './business.js';
import { lowestMonthlyPrice } from './plans.js';

/** The Shared Hosting page's pricing section (shared/components/Pricing.tsx). */
export const sharedHostingPricing = {
  cloudCompute: {
    title: 'Need more than shared hosting?',
    text: 'Cloud Compute (VPS) hosting is priced by allocation: choose the CPU, memory and storage you need and pay for exactly that.',
    // The text above names Cloud Compute (VPS); the short name keeps the link on one line on a 320 px phone.
    actionLabel: 'Get a VPS quote',
  },
  pricing: {
    title: 'Choose your plan',
    intro: `Every plan includes free SSL, backups ${business.backupsPerDay} times a day and our ${business.refundDays}-day money-back guarantee.`,
  },
};

/**
 * The services at a glance: each service's promise and its price where there is
 * one (what each includes is its own page's cards: shared/pages/services/page.tsx).
 */
export const servicesOverview = {
  title: 'Three services, one team',
  intro:
    'Host your site with us, have us build what it needs, and let us keep it healthy: each on its own, or together from the people who already know your site.',
  services: [
    {
      route: 'shared-hosting',
      name: 'Shared Hosting',
      promise: `Fast NVMe hosting with a ${business.uptimeGuarantee} uptime guarantee and people who answer within ${business.supportResponseMinutes} minutes.`,
      price: `From ${formatUsd(lowestMonthlyPrice)} a month`,
      actionLabel: 'Compare plans',
    },
    {
      route: 'custom-development',
      name: 'Custom Development',
      promise: 'Web applications, integrations and internal tools, designed, built and hosted by one accountable team.',
      price: 'A fixed quote after a free consultation',
      actionLabel: 'Explore development',
    },
    {
      route: 'maintenance',
      name: 'Website Maintenance',
      promise: 'Updates, backups, security monitoring and small changes, handled for you every month.',
      price: 'A fixed monthly price after a free site review',
      actionLabel: 'See what it covers',
    },
  ] satisfies { route: RouteId; name: string; promise: string; price: string; actionLabel: string }[],
};
