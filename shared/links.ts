// Every external address the site links to, derived from configuration.
// The client portal is a WHMCS-style billing portal; its paths are not shown in
// the specification, so the conventional ones are used here and only here.
import type { SiteConfig } from './site-config.js';

export type PlanId = 'starter' | 'pro' | 'max';
export type BillingCycle = 'monthly' | 'yearly';

export function externalLinks(site: SiteConfig) {
  const portal = site.clientPortalUrl;
  return {
    portalHome: `${portal}/`,
    clientLogin: `${portal}/clientarea.php`,
    submitTicket: `${portal}/submitticket.php`,
    invoices: `${portal}/clientarea.php?action=invoices`,
    store: `${portal}/store/shared-hosting`,
    // WHMCS opens a department's ticket form with step=2&deptid=N.
    reportAbuse:
      site.abuseDepartmentId === undefined
        ? `${portal}/submitticket.php`
        : `${portal}/submitticket.php?step=2&deptid=${site.abuseDepartmentId}`,
    liveChat: site.liveChatUrl,
    contactEndpoint: `${portal}/contact.php`,
    statusPage: site.statusPageUrl,
    partnerSite: site.partnerSiteUrl,
    newsletterAction: site.newsletterActionUrl,
    mailto: `mailto:${site.supportEmail}`,
    tel: `tel:${site.supportPhone.replace(/[^+0-9]/g, '')}`,
    order(plan: PlanId, cycle: BillingCycle = 'monthly') {
      const base = `${portal}/store/shared-hosting/${plan}`;
      return cycle === 'yearly' ? `${base}?billingcycle=annually` : base;
    },
  };
}

export type ExternalLinks = ReturnType<typeof externalLinks>;

/** Pages of the client portal that copy may link to, as [words](portal:name): each always configured. */
export const portalPages = ['portalHome', 'clientLogin', 'submitTicket', 'invoices', 'store', 'reportAbuse'] as const;

export type PortalPage = (typeof portalPages)[number];

export function isPortalPage(name: string): name is PortalPage {
  return (portalPages as readonly string[]).includes(name);
}

/**
 * Addresses from the configuration that copy may link to, as [words](config:name). The live chat may be left unset:
 * a link to it is then left out (its words stay, as plain text; a list item of that link alone goes).
 */
export const configuredAddresses = ['statusPage', 'partnerSite', 'liveChat', 'email', 'phone'] as const;

export type ConfiguredAddress = (typeof configuredAddresses)[number];

export function isConfiguredAddress(name: string): name is ConfiguredAddress {
  return (configuredAddresses as readonly string[]).includes(name);
}

function configuredAddress(name: ConfiguredAddress, site: SiteConfig): string | undefined {
  const links = externalLinks(site);
  return { statusPage: links.statusPage, partnerSite: links.partnerSite, liveChat: links.liveChat, email: links.mailto, phone: links.tel }[
    name
  ];
}

/**
 * A link's address as written in copy, resolved for this configuration: portal:name becomes that portal page's
 * address, config:name the configured address (undefined where it is unset); any other address stays as written.
 */
export function resolvedHref(href: string, site: SiteConfig): string | undefined {
  const [, scheme, name] = /^(portal|config):(.*)$/.exec(href) ?? [];
  if (scheme === 'portal' && name !== undefined && isPortalPage(name)) return externalLinks(site)[name];
  if (scheme === 'config' && name !== undefined && isConfiguredAddress(name)) return configuredAddress(name, site);
  return href;
}
