// The whole HTML document. React renders <html> itself, so there is no template
// to split and exactly one <title>; the client bundle is loaded by the
// page's own small module script (shared/bootstrap.ts, placed by shared/components/EndOfFirstPaint.tsx), island by island as
// a visitor reaches for them, not through the renderer's bootstrapModules.
import type { ReactNode } from 'react';
import { descriptionOf, headTags } from './meta.js';
import { speculationRules } from './speculation.js';
import { consentScript } from './consent-script.js';
import { themeColours } from './brand.js';
import { jsonForScript, structuredData } from './structured-data.js';
import { canonicalPathOf, menuRoutes, type RouteDef } from './routes.js';
import { SiteContext, siteConfigElementId, type SiteConfig } from './site-config.js';
import { AssetsContext, type AssetUrls } from './assets.js';
import { Header } from './layout/Header.js';
import { Island } from './island.js';
import { ConsentBar } from './components/ConsentBar.js';
import { contactDetailsCopy } from './content/contact-details.js';
import { Footer } from './layout/Footer.js';
import { PageBanner } from './layout/PageBanner.js';
import { page as pageLabels } from './content/header.labels.md';

export type { AssetUrls };

export interface DocumentProps {
  route: RouteDef;
  site: SiteConfig;
  assets: AssetUrls;
  /** The stylesheet's text, inlined: no render-blocking request before the first paint. */
  styles: string;
  children: ReactNode;
}

export function Document({ route, site, assets, styles, children }: DocumentProps) {
  const head = headTags(route.meta, site, canonicalPathOf(route), route.lastModified);
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <style dangerouslySetInnerHTML={{ __html: styles }} />
        {/* No first paint before the header is whole (until <main> is parsed): a header drawn
            half-parsed shifts its buttons as the rest arrives. */}
        <link rel="expect" href="#main" blocking="render" />
        {site.gtmId && <script dangerouslySetInnerHTML={{ __html: consentScript(site.analyticsConsent) }} />}
        <meta name="description" content={head.description} />
        <meta name="keywords" content={head.keywords} />
        {/* A page per query: never in a search engine's index. */}
        {route.perRequest && <meta name="robots" content="noindex" />}
        {head.canonicalUrl && <link rel="canonical" href={head.canonicalUrl} />}
        <meta name="theme-color" media="(prefers-color-scheme: light)" content={themeColours.light} />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content={themeColours.dark} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta property="og:type" content={head.type} />
        <meta property="og:site_name" content={head.siteName} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        {head.canonicalUrl && <meta property="og:url" content={head.canonicalUrl} />}
        <meta property="og:locale" content="en_US" />
        <meta property="og:image" content={head.image.url} />
        <meta property="og:image:secure_url" content={head.image.secureUrl} />
        <meta property="og:image:type" content={head.image.mimeType} />
        <meta property="og:image:width" content={String(head.image.width)} />
        <meta property="og:image:height" content={String(head.image.height)} />
        <meta property="og:image:alt" content={head.image.alt} />
        {head.section && <meta property="article:section" content={head.section} />}
        {head.published && <meta property="article:published_time" content={head.published} />}
        {head.modified && <meta property="article:modified_time" content={head.modified} />}
        {head.author && <meta property="article:author" content={head.author} />}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={head.title} />
        <meta name="twitter:description" content={head.description} />
        <meta name="twitter:image" content={head.image.url} />
        <meta name="twitter:image:alt" content={head.image.alt} />
        <link rel="icon" href="/favicon.png" type="image/png" sizes="48x48" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: speculationRules }} />
        {structuredData(route, site).map((thing, index) => (
          <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(thing) }} />
        ))}
      </head>
      <body data-gtm-id={site.gtmId} data-analytics-consent={site.gtmId && site.analyticsConsent}>
        <a className="skip-link" href="#main">
          {pageLabels.skipLink}
        </a>
        <SiteContext.Provider value={site}>
          <AssetsContext.Provider value={assets}>
            {/* Right after the skip link: a keyboard user reaches Accept and Reject in two or three Tabs. */}
            {site.gtmId && <ConsentBar />}
            {/* The site's public configuration, once per page, for the islands' SiteContext in the browser (client/react-island.tsx). */}
            <script type="application/json" id={siteConfigElementId} dangerouslySetInnerHTML={{ __html: jsonForScript(site) }} />
            <Island
              name="header"
              when="hover"
              component={Header}
              props={{
                currentPath: canonicalPathOf(route) ?? route.path,
                mainMenu: menuRoutes('main').map(({ path, label }) => ({ path, label })),
                servicesMenu: menuRoutes('services').map(({ path, label }) => ({ path, label })),
                searchIndexUrl: assets.searchIndex,
                contactDetailsTitle: contactDetailsCopy.title,
              }}
            />
            <main id="main" tabIndex={-1}>
              {route.breadcrumb && (
                <PageBanner
                  title={route.bannerTitle ?? route.meta.title}
                  lead={descriptionOf(route.meta, site)}
                  crumbs={route.breadcrumb}
                  link={route.bannerLink}
                />
              )}
              {children}
            </main>
            <Footer />
          </AssetsContext.Provider>
        </SiteContext.Provider>
      </body>
    </html>
  );
}
