// The site-search index: one entry per page and one per titled section, read
// from the pages as they were rendered at start-up with the live configuration
// (so it names the operator's brand, email and phone, and can never disagree
// with what the pages say).
import type { SearchEntry } from '../shared/search.js';
import type { RouteDef } from '../shared/routes.js';

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

/** The index of the given pages (in menu order), from each rendered document's <main>. */
export function searchIndexOf(pages: { route: RouteDef; html: string }[]): SearchEntry[] {
  const entries: SearchEntry[] = [];
  const seenSections = new Set<string>();
  for (const { route, html } of pages) {
    const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
    // Legal clauses rank below the marketing pages for the same words (shared/search.ts).
    const legal = route.meta.section === 'Legal' ? { legal: true } : {};
    entries.push({ title: route.meta.title, path: route.path, page: route.meta.title, text: route.meta.description, ...legal });
    for (const [, id, title, body] of main.matchAll(/<h2[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/h2>([\s\S]*?)(?=<h2[^>]*\bid=|$)/g)) {
      const heading = textOf(title ?? '');
      // Shared sections (contact, call to action) are listed once, on their first page.
      if (seenSections.has(heading)) continue;
      seenSections.add(heading);
      entries.push({
        title: heading,
        path: `${route.path}#${id}`,
        page: route.meta.title,
        // Whole sections: a word anywhere in one finds it.
        text: textOf(body ?? ''),
        ...legal,
      });
    }
  }
  return entries;
}
