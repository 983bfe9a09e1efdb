// What more than one page shows: the services' prices and links (Home and the
// Services overview). Each page's own copy is in its folder
// (shared/pages/<id>/<id>.page.md).
import type { RouteId } from '../paths.js';
import { formatUsd } from './business.js';
import { lowestMonthlyPrice } from './plans.js';

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
