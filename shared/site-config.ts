// The part of the configuration that pages may show. It is public by nature:
// it ends up in the HTML, so nothing secret may ever be added here.
import { createContext, useContext } from 'react';
import type { AnalyticsConsentMode } from './consent-script.js';

export interface SiteConfig {
  /** Absolute origin of the public site, without a trailing slash. */
  siteUrl: string;
  brandName: string;
  supportEmail: string;
  supportPhone: string;
  clientPortalUrl: string;
  statusPageUrl: string;
  partnerSiteUrl: string;
  newsletterActionUrl: string;
  /** The client portal's ticket department for abuse reports (WHMCS picks it by `deptid`); unset, the plain ticket form. */
  abuseDepartmentId?: number | undefined;
  /** Where visitors chat live with support; unset, the site offers and promises no chat. */
  liveChatUrl?: string | undefined;
  gtmId?: string | undefined;
  /**
   * `required`: the tag manager loads only after the visitor accepts in the
   * consent bar (EU/UK law); `not-required`: it loads on every visit. Global
   * Privacy Control refuses it either way.
   */
  analyticsConsent: AnalyticsConsentMode;
  /** The company's legal identity, where the operator gave it: shown in the footer, on Contact and on the legal pages. */
  legal?: LegalIdentity | undefined;
}

export interface LegalIdentity {
  name?: string | undefined;
  address?: string | undefined;
  registrationNumber?: string | undefined;
  vatId?: string | undefined;
}

export const SiteContext = createContext<SiteConfig | null>(null);

/**
 * The element holding the configuration as JSON in every page: the islands read
 * it in the browser through the same context the server renders with, so a
 * component gets the site one way wherever it runs.
 */
export const siteConfigElementId = 'site-config';

export function useSite(): SiteConfig {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() needs a <SiteContext.Provider>');
  return site;
}

/** A path of the site as an absolute URL on its public origin (canonical URLs, the sitemap, structured data). */
export function siteUrlOf(site: Pick<SiteConfig, 'siteUrl'>, path: string): string {
  return new URL(path, site.siteUrl).href;
}
