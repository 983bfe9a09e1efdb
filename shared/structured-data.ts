// schema.org JSON-LD for search engines: the organisation and the website on
// Home, a breadcrumb trail wherever a page shows one, the hosting plans as a
// product with one offer each, and the contact page.
import { externalLinks } from './links.js';
import { descriptionOf } from './meta.js';
import { plans } from './content/plans.js';
import { canonicalPathOf, type RouteDef } from './routes.js';
import { siteUrlOf, type SiteConfig } from './site-config.js';

type Thing = Record<string, unknown>;

export function structuredData(route: RouteDef, site: SiteConfig): Thing[] {
  const url = (path: string) => siteUrlOf(site, path);
  const canonical = canonicalPathOf(route);
  const organization: Thing = {
    '@type': 'Organization',
    '@id': url('/#organization'),
    name: site.brandName,
    url: url('/'),
    logo: url('/icon-512.png'),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: site.supportEmail,
      telephone: site.supportPhone,
      availableLanguage: 'en',
    },
    ...(site.legal?.name ? { legalName: site.legal.name } : {}),
    ...(site.legal?.address ? { address: site.legal.address } : {}),
    ...(site.legal?.vatId ? { vatID: site.legal.vatId } : {}),
    ...(site.legal?.registrationNumber ? { identifier: site.legal.registrationNumber } : {}),
  };
  const things: Thing[] = [];
  if (route.id === 'home') {
    things.push(organization, {
      '@type': 'WebSite',
      '@id': url('/#website'),
      name: site.brandName,
      url: url('/'),
      publisher: { '@id': url('/#organization') },
    });
  }
  const crumbs = route.breadcrumb;
  if (crumbs && canonical) {
    things.push({
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.label,
        // The last crumb is this page; a crumb without a page of its own has no item.
        ...(crumb.path !== undefined ? { item: url(crumb.path) } : index === crumbs.length - 1 ? { item: url(canonical) } : {}),
      })),
    });
  }
  if (route.id === 'shared-hosting' || route.id === 'hosting-alias') {
    const links = externalLinks(site);
    things.push({
      '@type': 'Product',
      // The product is the page's: named as the menus name it.
      name: route.label,
      description: descriptionOf(route.meta, site),
      brand: { '@type': 'Brand', name: site.brandName },
      offers: plans.map((plan) => ({
        '@type': 'Offer',
        name: `${plan.name} plan`,
        description: plan.description,
        price: plan.monthlyPrice.toFixed(2),
        priceCurrency: 'USD',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: plan.monthlyPrice.toFixed(2),
          priceCurrency: 'USD',
          unitCode: 'MON',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
        },
        availability: 'https://schema.org/InStock',
        url: links.order(plan.id),
      })),
    });
  }
  if (route.id === 'contact') {
    things.push({
      '@type': 'ContactPage',
      name: route.meta.title,
      url: url(route.path),
      about: { '@id': url('/#organization') },
      mainEntity: organization,
    });
  }
  return things.map((thing) => ({ '@context': 'https://schema.org', ...thing }));
}

/** JSON inside <script>: "<" is escaped so no text can close the element early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
