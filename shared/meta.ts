// A page's head tags as typed data, and the one function that turns a route's
// metadata and the configuration into the tags the document renders.
import { shareImage as shareImageLabels } from './content/header.labels.md';
import { runsText, type HeadMarkdown, type LegalMarkdown, type PageMarkdown, type TextRun } from './content/markdown.js';
import { legal as legalLabels } from './content/pages.labels.md';
import { siteUrlOf, type SiteConfig } from './site-config.js';

/** What a route declares about itself. */
export interface PageMeta {
  /** Title without the brand suffix; the document appends " | Brand". */
  title: string;
  /** Facts in it are filled in for the configuration: descriptionOf. */
  description: TextRun[];
  keywords: string[];
  section?: string;
  published?: string;
  author?: string;
  image?: ShareImage;
}

/**
 * What a page says of itself, in the front matter of its copy
 * (shared/pages/<id>/<id>.page.md or .legal.md): its head tags, its banner,
 * and when its content last changed.
 */
export interface PageHead {
  /** ISO date the page's content last changed: the sitemap's, and an article's modified time. */
  lastModified: string;
  meta: PageMeta;
  bannerTitle?: HeadMarkdown['bannerTitle'];
  bannerLink?: HeadMarkdown['bannerLink'];
  label: HeadMarkdown['label'];
  menu?: HeadMarkdown['menu'];
  crumb?: HeadMarkdown['crumb'];
}

/** When the marketing pages' content last changed; the legal pages carry their own date, in their Markdown. */
const contentUpdated = '2026-11-22';

/** A marketing page's head, from its copy's front matter. */
export function pageHead({ head }: Pick<PageMarkdown, 'head'>): PageHead {
  const { path: _path, title, description, keywords, ...banner } = head;
  return { lastModified: contentUpdated, meta: { title, description, keywords }, ...banner };
}

/** A legal document's head: an article of the Legal section, dated by its own `updated`. */
export function legalHead(document: LegalMarkdown): PageHead {
  const { meta, ...rest } = pageHead(document);
  return { ...rest, lastModified: document.updated, meta: { ...meta, section: legalLabels.section } };
}

/** The page's summary as a visitor reads it, for this configuration. */
export function descriptionOf(meta: PageMeta, site: SiteConfig): string {
  return runsText(meta.description, site);
}

export interface ShareImage {
  /** Site-relative path of the image. */
  path: string;
  width: number;
  height: number;
  alt: string;
  mimeType: string;
  /** Absolute https URL; derived from the site URL when absent. */
  secureUrl?: string;
}

/** The one share image every page uses unless it names its own. */
export const defaultShareImage: ShareImage = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: shareImageLabels.alt,
  mimeType: 'image/png',
};

/** Everything the document puts in <head>, already resolved to absolute URLs. */
export interface HeadTags {
  title: string;
  description: string;
  keywords: string;
  /** Absent on the not-found page, which has no address of its own. */
  canonicalUrl?: string;
  siteName: string;
  /** A dated document with a section (the legal pages) is an article; the rest are the website. */
  type: 'website' | 'article';
  image: ShareImage & { url: string };
  section?: string;
  published?: string;
  modified?: string;
  author?: string;
}

/**
 * The page's head tags. `lastModified` is the route's date (the one the
 * sitemap gives); an article states it as its modified time.
 */
export function headTags(meta: PageMeta, site: SiteConfig, canonicalPath: string | undefined, lastModified: string): HeadTags {
  const image = meta.image ?? defaultShareImage;
  const imageUrl = siteUrlOf(site, image.path);
  return {
    title: `${meta.title} | ${site.brandName}`,
    description: descriptionOf(meta, site),
    keywords: meta.keywords.join(', '),
    canonicalUrl: canonicalPath === undefined ? undefined : siteUrlOf(site, canonicalPath),
    siteName: site.brandName,
    type: meta.section ? 'article' : 'website',
    image: { ...image, url: imageUrl, secureUrl: image.secureUrl ?? imageUrl.replace(/^http:/, 'https:') },
    section: meta.section,
    published: meta.published,
    modified: meta.section ? lastModified : undefined,
    author: meta.author,
  };
}
