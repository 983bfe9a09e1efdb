// The site-search index, read from the pages as rendered at start-up with the live configuration, so it can never
// disagree with what they say. Only text a sighted visitor sees goes in, so a snippet never shows a hidden label, a
// honeypot or a status message that has not appeared.
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { SearchEntry } from '../shared/search.js';
import type { RouteDef } from '../shared/routes.js';
import { descriptionOf } from '../shared/meta.js';
import type { SiteConfig } from '../shared/site-config.js';
import { searchDestinations } from '../shared/content/search-destinations.js';
import { sectionKeywords } from '../shared/content/search-keywords.js';

const unseenElements = new Set(['script', 'style', 'svg', 'template', 'noscript', 'select', 'textarea', 'title']);
// How the markup hides any other element: hidden, aria-hidden (decoration, the honeypot), screen-reader-only text, the
// yearly prices shown only once picked (shared/components/BillingSwitch.tsx), data-nosnippet wherever else the stylesheet hides text.
const unseenClasses = new Set(['visually-hidden', 'cycle-yearly']);
const classesOf = (element: Element) => element.attribs.class?.split(/\s+/) ?? [];
const isUnseen = (element: Element) =>
  unseenElements.has(element.name) ||
  element.attribs.hidden !== undefined ||
  element.attribs['aria-hidden'] === 'true' ||
  element.attribs['data-nosnippet'] !== undefined ||
  classesOf(element).some((name) => unseenClasses.has(name));

/** Parts of a page that are not its content: its title, the navigation in it (breadcrumbs, a table of contents), the forms' controls. */
const notContent = new Set(['h1', 'nav', 'form', 'fieldset']);
/** The banner's summary is the page's description, which the page's entry holds already (and a phone does not show). */
const isBannerSummary = (element: Element) => element.attribs.class === 'page-banner-lead';

/** Tags that do not separate words ("<mark>re</mark>fund"); a span may be styled as a block, so it separates. */
const inlineTags = new Set(['a', 'abbr', 'b', 'bdi', 'code', 'em', 'i', 'mark', 'q', 's', 'small', 'strong', 'sub', 'sup', 'time', 'u']);

/**
 * What a page's <main> reads as, in document order: the text a visitor sees (a space where a block starts or ends), and
 * where its sections, their eyebrows (the short label above a heading: searchable, but printed before it, so kept out
 * of snippets), their cards and a FAQ's questions start.
 */
type Piece =
  string | { heading: Element } | { eyebrow: string } | { card: string } | { question: { id: string; title: string; answer: string } };

/** A question of a FAQ: a <details> with an id, whose first child is its <summary>. */
function questionOf(details: Element): { id: string; title: string; answer: string } | undefined {
  const id = details.attribs.id;
  const opening = details.children.findIndex((child) => !isText(child) || child.data.trim());
  const summary = details.children[opening];
  if (!id || !summary || !isTag(summary) || summary.name !== 'summary') return undefined;
  return { id, title: textOf(summary.children), answer: textOf(details.children.slice(opening + 1)) };
}

/** The pieces of the nodes, added to `pieces`: a hidden element, or one that is not content, is left out whole. */
function read(nodes: readonly ChildNode[], pieces: Piece[] = []): Piece[] {
  for (const node of nodes) {
    if (isText(node)) pieces.push(node.data);
    if (!isTag(node) || isUnseen(node) || notContent.has(node.name) || isBannerSummary(node)) continue;
    const question = node.name === 'details' ? questionOf(node) : undefined;
    if (node.name === 'h2' && node.attribs.id !== undefined) pieces.push({ heading: node });
    else if (node.name === 'h3') pieces.push(' ', { card: textOf(node.children) }, ' ');
    else if (node.name === 'p' && classesOf(node).includes('eyebrow')) pieces.push(' ', { eyebrow: textOf(node.children) }, ' ');
    else if (question) pieces.push(' ', { question }, ' ');
    else if (inlineTags.has(node.name)) read(node.children, pieces);
    else {
      pieces.push(' ');
      read(node.children, pieces);
      pieces.push(' ');
    }
  }
  return pieces;
}

/** The pieces as a reader reads them, in one line: a card's heading and a question are read where they stand, an eyebrow is not. */
function textOfPieces(pieces: readonly Piece[]): string {
  const words = pieces.map((piece) => {
    if (typeof piece === 'string') return piece;
    if ('card' in piece) return ` ${piece.card} `;
    if ('question' in piece) return ` ${piece.question.title} ${piece.question.answer} `;
    if ('heading' in piece) return ` ${textOf(piece.heading.children)} `;
    return ' ';
  });
  return words.join('').replace(/\s+/g, ' ').trim();
}

/** Text of visible markup, as a reader sees it. */
const textOf = (nodes: readonly ChildNode[]) => textOfPieces(read(nodes));

/** A legal clause's heading without its number: "3. Refunds" is found and listed as Refunds. */
const headingOf = (heading: Element) => textOf(heading.children).replace(/^\d+\.\s*/, '');

interface RenderedPage {
  route: RouteDef;
  html: string;
}

interface Section {
  id: string;
  title: string;
  /** All of the section's text, its questions' included. */
  text: string;
  /** The text before its first question, if it has any: each question is an entry of its own. */
  textBeforeQuestions: string;
  cards: { title: string; text: string }[];
  questions: { id: string; title: string; answer: string }[];
  eyebrow: string;
  position: number;
}

const eyebrowsOf = (pieces: readonly Piece[]) =>
  pieces.flatMap((piece) => (typeof piece !== 'string' && 'eyebrow' in piece ? [piece.eyebrow] : []));

/** A section's cards: each heading, with what follows it up to the next. */
function cardsOf(pieces: readonly Piece[]): { title: string; text: string }[] {
  const starts = pieces.flatMap((piece, at) => (typeof piece !== 'string' && 'card' in piece ? [{ title: piece.card, at }] : []));
  return starts.map(({ title, at }, index) => ({ title, text: textOfPieces(pieces.slice(at + 1, starts[index + 1]?.at)) }));
}

/** A page's <main> as a visitor reads it: without hidden text, and without what is not content. */
function readableMain(html: string): { intro: string; introEyebrows: string; sections: Section[] } {
  // Parsed as a browser parses it (htmlparser2 decodes the entities too), not matched as React happens to write it.
  const main = DomUtils.findOne((element) => element.name === 'main', parseDocument(html).children);
  const intro: Piece[] = [];
  const parts: { heading: Element; pieces: Piece[] }[] = [];
  for (const piece of read(main?.children ?? [])) {
    if (typeof piece !== 'string' && 'heading' in piece) parts.push({ heading: piece.heading, pieces: [] });
    else (parts.at(-1)?.pieces ?? intro).push(piece);
  }
  // Each part ends with the next section's eyebrow: it goes to that section.
  const sections = parts.flatMap(({ heading, pieces }, position): Section[] => {
    const id = heading.attribs.id;
    if (!id || !heading.children.length) return [];
    const firstQuestion = pieces.findIndex((piece) => typeof piece !== 'string' && 'question' in piece);
    const questions = pieces.flatMap((piece) => (typeof piece !== 'string' && 'question' in piece ? [piece.question] : []));
    return [
      {
        id,
        title: headingOf(heading),
        text: textOfPieces(pieces),
        textBeforeQuestions: textOfPieces(firstQuestion < 0 ? pieces : pieces.slice(0, firstQuestion)),
        cards: questions.length ? [] : cardsOf(pieces),
        questions,
        eyebrow: eyebrowsOf(parts[position - 1]?.pieces ?? intro).at(-1) ?? '',
        position,
      },
    ];
  });
  // The introduction's own eyebrows (a hero's) are the page's; the last one may be the first section's.
  const introEyebrows = eyebrowsOf(intro)
    .slice(0, sections.length ? -1 : undefined)
    .join(' ');
  return { intro: textOfPieces(intro), introEyebrows, sections };
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
  const mains = pages.map(({ route, html }) => ({ route, path: route.path, ...readableMain(html) }));
  const homes = homesOfSharedSections(mains);
  for (const { route, intro, introEyebrows, sections } of mains) {
    // Legal clauses rank below the marketing pages for the same words (shared/search.ts).
    const kind = route.meta.section === 'Legal' ? { kind: 'legal' as const } : {};
    const page = route.label;
    // A page is found by its keywords and description too (words for the whole page that no section need say);
    // one whose banner says little is shown with the words of its first section.
    const about = [introEyebrows, ...route.meta.keywords, descriptionOf(route.meta, site)].filter(Boolean).join(' ');
    const text = intro.length < 80 && sections[0] ? [intro, sections[0].text].filter(Boolean).join(' … ') : intro;
    entries.push({ title: page, path: route.path, page, text, about, ...kind });
    for (const { id, title, textBeforeQuestions, cards, questions, eyebrow } of sections) {
      if (homes.get(title) !== route.path) continue;
      // Each question of a FAQ is an entry the visitor lands on; other sections stay whole, so a word anywhere finds them.
      const path = `${route.path}#${id}`;
      const sectionKeys = [eyebrow, ...(keywordsBySection[path] ?? [])].filter(Boolean).join(' ');
      // The closing call to action (shared/components/CallToAction.tsx) is the section headed #cta-title.
      const call = id === 'cta-title' ? { call: true } : {};
      entries.push({ title, path, page, text: textBeforeQuestions, ...(sectionKeys ? { keywords: sectionKeys } : {}), ...call, ...kind });
      // Each card of a section (a feature, a plan, a step) is found by its own heading, and lands on its section.
      for (const card of cards) entries.push({ title: card.title, path, page, text: card.text, card: true, ...kind });
      for (const question of questions) {
        entries.push({ title: question.title, path: `${route.path}#${question.id}`, page, text: question.answer, answers: true, ...kind });
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
