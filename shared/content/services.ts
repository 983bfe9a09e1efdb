// What more than one page or component shows: the services' prices and links (Home
// and the Services overview) and the Shared Hosting page's pricing section. Each
// page's own copy is in its folder (shared/pages/<id>/<id>.page.md).
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
 * The three services' prices and links, for Home and the Services overview; each
 * service's name and promise are the Services page's copy
 * (shared/pages/services/services.page.md), what it includes its own page's cards.
 */
export const serviceOffers = [
  { route: 'shared-hosting', price: `From ${formatUsd(lowestMonthlyPrice)} a month`, actionLabel: 'Compare plans' },
  { route: 'custom-development', price: 'A fixed quote after a free consultation', actionLabel: 'Explore development' },
  { route: 'maintenance', price: 'A fixed monthly price after a free site review', actionLabel: 'See what it covers' },
] satisfies { route: RouteId; price: string; actionLabel: string }[];
