// The three services that Home and the Services overview list, in order. Each
// is a card of the Services page's copy (shared/pages/services/services.page.md),
// found by its page's id: its name, its promise, its price line and its button;
// what it includes is its own page's cards.
import type { RouteId } from '../routes.js';
import type { SiteConfig } from '../site-config.js';
import { cardOf, oneLinkOf, plainParagraphOf, runsText, sectionOf, type PageMarkdown } from './markdown.js';

export const serviceRoutes = ['shared-hosting', 'custom-development', 'maintenance'] as const satisfies RouteId[];

export type ServiceRoute = (typeof serviceRoutes)[number];

/** A service as its card in the Services page's copy says it: a title, then its promise, its price line and its button. */
export interface ServiceOffer {
  route: ServiceRoute;
  title: string;
  text: string;
  price: string;
  action: { label: string; href: string };
}

/** The services, in order, from the Services page's copy (its section `#services`), facts filled in. */
export function serviceOffers(copy: PageMarkdown, site: SiteConfig): ServiceOffer[] {
  const overview = sectionOf(copy, 'services');
  return serviceRoutes.map((route) => {
    const card = cardOf(overview, route);
    const title = runsText(card.title, site);
    const where = `${card.source}: Card "${title}" of section {#${overview.id}}`;
    const [text, price, action, ...rest] = card.blocks;
    if (rest.length > 0 || action === undefined) {
      throw new Error(`${where} must hold its promise, its price line, then its button as a link, [Words](/path)`);
    }
    return {
      route,
      title,
      text: plainParagraphOf(overview, text, site),
      price: plainParagraphOf(overview, price, site),
      action: oneLinkOf(where, action, site),
    };
  });
}
