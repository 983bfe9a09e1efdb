// The site-search index: one entry per page and one per titled section,
// taken from the route table and the pages' own server-rendered markup, so it
// can never disagree with what the pages say.
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { indexableRoutes } from '../shared/routes.js';
import { SiteContext } from '../shared/site-config.js';
import { AssetsContext, type AssetUrls } from '../shared/assets.js';
import type { SearchEntry } from '../shared/components/SearchPanel.js';
import { loadConfig } from '../server/config.js';

const SNIPPET_CHARS = 400;

function textOf(html: string): string {
  return html
    .replace(/<(script|style|svg)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

export async function buildSearchIndex(assets: AssetUrls): Promise<SearchEntry[]> {
  // Section text does not depend on deployment settings; the defaults do.
  const site = loadConfig({}).site;
  const entries: SearchEntry[] = [];
  const seenSections = new Set<string>();
  for (const route of indexableRoutes()) {
    const { default: Page } = await route.page();
    const page = createElement(AssetsContext.Provider, { value: assets }, createElement(Page));
    const html = renderToStaticMarkup(createElement(SiteContext.Provider, { value: site }, page));
    entries.push({ title: route.meta.title, path: route.path, page: route.meta.title, text: route.meta.description });
    for (const [, id, title, body] of html.matchAll(/<h2[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/h2>([\s\S]*?)(?=<h2[^>]*\bid=|$)/g)) {
      const heading = textOf(title!);
      // Shared sections (contact, call to action) are listed once, on their first page.
      if (seenSections.has(heading)) continue;
      seenSections.add(heading);
      entries.push({ title: heading, path: `${route.path}#${id}`, page: route.meta.title, text: textOf(body!).slice(0, SNIPPET_CHARS) });
    }
  }
  return entries;
}
