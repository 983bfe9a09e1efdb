// The site-search index, read from the pages as rendered at start-up with the live configuration, so it can never
// disagree with what they say. Only text a sighted visitor sees goes in, so a snippet never shows a hidden label, a
// honeypot or a status message that has not appeared.
import type { SearchEntry } from '../shared/search.js';
import type { RouteDef } from '../shared/routes.js';
import { descriptionOf } from '../shared/meta.js';
import type { SiteConfig } from '../shared/site-config.js';
import { searchDestinations } from '../shared/content/search-destinations.js';
import { sectionKeywords } from '../shared/content/search-keywords.js';

const unseenElements = new Set(['script', 'style', 'svg', 'template', 'noscript', 'select', 'textarea', 'title']);
// How the markup hides an element: hidden, aria-hidden (decoration, the honeypot), screen-reader-only text, the yearly
// prices shown only once picked (shared/components/BillingSwitch.tsx), data-nosnippet wherever else the stylesheet hides text.
const unseenAttributes =
  /\shidden(?:=""|\s|$)|\saria-hidden="true"|\sclass="(?:[^"]*\s)?(?:visually-hidden|cycle-yearly)[\s"]|\sdata-nosnippet/;
const tagPattern = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g;

/** The markup without the elements a visitor does not see (React's output: well-formed, quoted attributes). */
export const withoutUnseen = (html: string) =>
  without(html, (name, attributes) => unseenElements.has(name) || unseenAttributes.test(attributes));

/** The markup without the elements `leftOut` picks and their content, each cut at its own end tag (nesting counted). */
function without(html: string, leftOut: (name: string, attributes: string) => boolean): string {
  let kept = '';
  let from = 0;
  tagPattern.lastIndex = 0;
  for (let tag = tagPattern.exec(html); tag; tag = tagPattern.exec(html)) {
    const [whole, closing, rawName = '', attributes = ''] = tag;
    const name = rawName.toLowerCase();
    if (closing || attributes.endsWith('/') || !leftOut(name, attributes)) continue;
    kept += html.slice(from, tag.index);
    let depth = 1;
    let end = html.length;
    const inner = new RegExp(`<(/?)${name}\\b[^>]*?(/?)>`, 'gi');
    inner.lastIndex = tag.index + whole.length;
    for (let next = inner.exec(html); next; next = inner.exec(html)) {
      if (next[1]) depth--;
      else if (!next[2]) depth++;
      if (depth === 0) {
        end = next.index + next[0].length;
        break;
      }
    }
    from = end;
    tagPattern.lastIndex = end;
  }
  return kept + html.slice(from);
}

/** Tags that do not separate words ("<mark>re</mark>fund"); a span may be styled as a block, so it separates. */
const inlineTags = /^(a|abbr|b|bdi|code|em|i|mark|q|s|small|strong|sub|sup|time|u)$/i;

/** Text of already visible markup, as a reader sees it. */
function textOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?([a-zA-Z][a-zA-Z0-9-]*)[^>]*>/g, (_tag, name: string) => (inlineTags.test(name) ? '' : ' '))
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;|&#xa0;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A legal clause's heading without its number: "3. Refunds" is found and listed as Refunds. */
const headingOf = (html: string) => textOf(html).replace(/^\d+\.\s*/, '');

interface RenderedPage {
  route: RouteDef;
  html: string;
}

interface Section {
  id: string;
  title: string;
  body: string;
  eyebrow: string;
  position: number;
}

/** Parts of a page that are not its content: its title, the navigation in it (breadcrumbs, a table of contents), the forms' controls. */
const notContent = new Set(['h1', 'nav', 'form', 'fieldset']);
/** The banner's summary is the page's description, which the page's entry holds already (and a phone does not show). */
const isBannerSummary = (attributes: string) => /\bclass="page-banner-lead"/.test(attributes);
/** A section's eyebrow, the short label above its heading: searchable, but printed before it, so kept out of snippets. */
const eyebrowPattern = /<p\s[^>]*class="(?:[^"]*\s)?eyebrow[\s"][^>]*>([\s\S]*?)<\/p>/g;

/** A page's <main> as a visitor reads it: without hidden text, and without what is not content. */
function readableMain(html: string): { intro: string; introEyebrows: string; sections: Section[] } {
  const main = without(
    withoutUnseen(/<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? ''),
    (name, attributes) => notContent.has(name) || isBannerSummary(attributes),
  );
  // The leading space keeps a first section that opens <main> from being read as its introduction.
  const [intro = '', ...parts] = ` ${main}`.split(/(?=<h2[^>]*\bid=")/);
  // Each part ends with the next section's eyebrow: it goes to that section.
  const eyebrowsOf = (part: string) => [...part.matchAll(eyebrowPattern)].map(([, text = '']) => textOf(text));
  const trailing = (part: string) => eyebrowsOf(part).at(-1) ?? '';
  const withoutEyebrows = (part: string) => part.replace(eyebrowPattern, ' ');
  const sections = parts.flatMap((part, position) => {
    const [, id, heading, body = ''] = /^<h2[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/h2>([\s\S]*)$/.exec(part) ?? [];
    const before = position === 0 ? intro : (parts[position - 1] ?? '');
    return id && heading ? [{ id, title: headingOf(heading), body: withoutEyebrows(body), eyebrow: trailing(before), position }] : [];
  });
  // The introduction's own eyebrows (a hero's) are the page's; the last one may be the first section's.
  const introEyebrows = eyebrowsOf(intro)
    .slice(0, sections.length ? -1 : undefined)
    .join(' ');
  return { intro: withoutEyebrows(intro), introEyebrows, sections };
}

/** A section several pages show is listed once: on the page it opens, or else the first in menu order that shows it. */
function homesOfSharedSections(pages: { path: string; sections: Section[] }[]): Map<string, string> {
  const homes = new Map<string, string>();
  for (const { path, sections } of pages) {
    for (const { title, position } of sections) {
      if (position === 0 || !homes.has(title)) homes.set(title, path);
    }
  }
  return homes;
}

/** The index of the given pages (in menu order) and of the portal's tasks. */
export function searchIndexOf(pages: RenderedPage[], site: SiteConfig, keywordsBySection = sectionKeywords): SearchEntry[] {
  const entries: SearchEntry[] = [];
  const read = pages.map(({ route, html }) => ({ route, path: route.path, ...readableMain(html) }));
  const homes = homesOfSharedSections(read);
  for (const { route, intro, introEyebrows, sections } of read) {
    // Legal clauses rank below the marketing pages for the same words (shared/search.ts).
    const kind = route.meta.section === 'Legal' ? { kind: 'legal' as const } : {};
    const page = route.label;
    // A page is found by its keywords and description too (words for the whole page that no section need say);
    // one whose banner says little is shown with the words of its first section.
    const about = [introEyebrows, ...route.meta.keywords, descriptionOf(route.meta, site)].filter(Boolean).join(' ');
    const introText = textOf(intro);
    const text = introText.length < 80 && sections[0] ? [introText, textOf(sections[0].body)].filter(Boolean).join(' … ') : introText;
    entries.push({ title: page, path: route.path, page, text, about, ...kind });
    for (const { id, title, body, eyebrow } of sections) {
      if (homes.get(title) !== route.path) continue;
      // Each question of a FAQ is an entry the visitor lands on; other sections stay whole, so a word anywhere finds them.
      const questions = [...body.matchAll(/<details[^>]*\bid="([^"]+)"[^>]*>\s*<summary[^>]*>([\s\S]*?)<\/summary>([\s\S]*?)<\/details>/g)];
      const path = `${route.path}#${id}`;
      const sectionKeys = [eyebrow, ...(keywordsBySection[path] ?? [])].filter(Boolean).join(' ');
      const sectionText = textOf(questions[0] ? body.slice(0, questions[0].index) : body);
      // The closing call to action (shared/components/CallToAction.tsx) is the section headed #cta-title.
      const call = id === 'cta-title' ? { call: true } : {};
      entries.push({ title, path, page, text: sectionText, ...(sectionKeys ? { keywords: sectionKeys } : {}), ...call, ...kind });
      // Each card of a section (a feature, a plan, a step) is found by its own heading, and lands on its section.
      if (!questions.length) {
        for (const [, heading = '', card = ''] of body.matchAll(/<h3[^>]*>([\s\S]*?)<\/h3>([\s\S]*?)(?=<h3|$)/g)) {
          entries.push({ title: textOf(heading), path, page, text: textOf(card), card: true, ...kind });
        }
      }
      for (const [, questionId, question = '', answer = ''] of questions) {
        entries.push({
          title: textOf(question),
          path: `${route.path}#${questionId}`,
          page,
          text: textOf(answer),
          answers: true,
          ...kind,
        });
      }
    }
  }
  const unknown = Object.keys(keywordsBySection).filter((path) => !entries.some((entry) => entry.path === path));
  if (unknown.length) throw new Error(`Search keywords for sections no page has: ${unknown.join(', ')}`);
  for (const destination of searchDestinations(site)) {
    entries.push({
      title: destination.title,
      path: destination.url,
      page: 'Client portal',
      text: destination.description,
      keywords: destination.keywords.join(' '),
      kind: 'external',
      destination: destination.id,
    });
  }
  return entries;
}
