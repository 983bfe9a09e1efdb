// What a Markdown file of copy becomes at build time (scripts/markdown-content.ts):
// plain data that the pages render with React, so no Markdown parser is
// loaded by the server at run time or reaches the browser.
import { resolvedHref } from '../links.js';
import type { SiteConfig } from '../site-config.js';
import { facts, runsText, type FactName } from './facts.js';
import type { FeatureIconName } from './icons.js';

/** A card of icon, title and text. */
export interface Feature {
  icon: FeatureIconName;
  title: string;
  text: string;
}

/** Words as written, or a fact named as {{name}}. */
export type TextRun = string | { fact: FactName };

/** A run of text, or a link or emphasis around more of them. */
export type Inline = TextRun | MarkdownLink | { strong: Inline[] } | { emphasis: Inline[] };

/** A link; its title, when written, ends the link's name for screen readers and is not shown. */
export interface MarkdownLink {
  href: string;
  children: Inline[];
  title?: string;
}

/** A paragraph, or a bulleted list of one-line items. */
export type Block = { paragraph: Inline[] } | { list: Inline[][] };

/** A `## Title {#id}` heading and what follows it, up to the next one. */
export interface MarkdownSection {
  /** Where its heading is written, "file:line": a fault found as a page renders names it. */
  source: string;
  id: string;
  title: string;
  blocks: Block[];
}

/**
 * What a page's front matter says of it: its title and summary (in the
 * browser's tab, search engines, link previews, and the banner at the top of
 * the page), its keywords, and the banner's own heading and jump link.
 */
export interface HeadMarkdown {
  /** The page's address, as React Router matches it; `*` for the not-found page, which answers every other. */
  path: string;
  /** Without the brand, which the document title appends. */
  title: string;
  /** The banner's lead and the meta description; a fact in it is filled in for the configuration. */
  description: TextRun[];
  keywords: string[];
  /** The banner's heading where the title is too long for one line on a phone. */
  bannerTitle?: string;
  /** A jump from the banner to what most visitors came to the page for. */
  bannerLink?: { label: string; href: string };
  /** The page's short name in the menus, the breadcrumb and search results: its `label`, else its banner's heading. */
  label: string;
  /** Where the header lists the page: in the main bar, or in the Services group; none for no entry. */
  menu?: 'main' | 'services';
  /** Its name in a breadcrumb, where that differs from its label. */
  crumb?: string;
}

/** The Privacy Policy's paragraph on analytics, in its parts (shared/content/facts.ts, analyticsPolicy, joins them). */
export interface LegalAnalytics {
  none: TextRun[];
  askFirst: TextRun[];
  noAsking: TextRun[];
  what: TextRun[];
  choice: TextRun[];
}

/** A legal document (`*.legal.md`): the date of its last change, who the company is to the reader, its sections. */
export interface LegalMarkdown {
  head: HeadMarkdown;
  /** ISO date (YYYY-MM-DD) the document last changed. */
  updated: string;
  /** What the company is to the reader, before its legal identity (when configured). */
  party: string;
  intro: TextRun[];
  sections: MarkdownSection[];
  /** Compiled into an export of its own, `analytics` (shared/types/markdown.d.ts), never the document's. */
  analytics?: LegalAnalytics;
}

/** A `### Title {#id icon=name}` heading inside a section (both attributes optional), and what follows it: a card or a step. */
export interface MarkdownCard {
  /** Where its heading is written, "file:line". */
  source: string;
  title: TextRun[];
  /** How a page finds this card, when it pairs it with data of its own. */
  id?: string;
  icon?: FeatureIconName;
  blocks: Block[];
}

/** A section of a page's copy: its own text (an intro, or prose), then its cards. */
export interface PageSection extends MarkdownSection {
  /** The short line above the title, when the copy gives one. */
  eyebrow?: string;
  cards: MarkdownCard[];
}

/** A page's copy (`*.page.md`): sections its component places by id. */
export interface PageMarkdown {
  head: HeadMarkdown;
  sections: PageSection[];
}

/** The sentences the copy names as {{name}} (shared/content/facts.ts), each written once in site-wide.shared.md. */
export interface SharedSentences {
  planChanges: TextRun[];
  migrationOffer: TextRun[];
  responsePromise: TextRun[];
}

/** How visitors reach support ({{supportChannels}}), where a live chat is configured and where none is. */
export interface SupportChannels {
  withChat: TextRun[];
  withoutChat: TextRun[];
}

/** Copy that several pages show in the same words (`*.shared.md`): sections a page's component places by id. */
export interface SharedMarkdown {
  sections: PageSection[];
  /** Compiled into exports of their own, `sentences` and `supportChannels` (shared/types/markdown.d.ts), never the document's. */
  sentences?: SharedSentences;
  supportChannels?: SupportChannels;
}

/** Questions and answers (`*.faq.md`): each section's title is the question, its id the anchor. */
export interface FaqMarkdown {
  questions: MarkdownSection[];
}

/**
 * The text of runs that hold no link or emphasis, facts filled in for this
 * configuration; undefined when one does (those are rendered as elements).
 */
export function plainText(inlines: Inline[], site: SiteConfig): string | undefined {
  return inlines.every(isTextRun) ? runsText(inlines, site) : undefined;
}

function isTextRun(inline: Inline): inline is TextRun {
  return typeof inline === 'string' || 'fact' in inline;
}

export function factText(name: FactName, site: SiteConfig): string {
  return facts[name](site);
}

/** Words and facts as one string, facts filled in for this configuration: written beside the facts, which need it too. */
export { runsText };

/** A section as a fault names it: where it is written, and its id. */
export const sectionName = (section: MarkdownSection) => `${section.source}: Section {#${section.id}}`;

/** A card as a fault names it: where it is written, its title, and its section's id. */
export const cardName = (card: MarkdownCard, section: MarkdownSection, site: SiteConfig) =>
  `${card.source}: Card "${runsText(card.title, site)}" of section {#${section.id}}`;

/** The section with this id; a page that asks for one its copy lacks fails to render, and so stops the start-up. */
export function sectionOf(copy: PageMarkdown | SharedMarkdown, id: string): PageSection {
  const section = copy.sections.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`The page's copy has no section {#${id}}`);
  return section;
}

/** The card with this id in a section; one the page asks for and the copy lacks fails the render. */
export function cardOf(section: PageSection, id: string): MarkdownCard {
  const card = section.cards.find((candidate) => candidate.id === id);
  if (!card) throw new Error(`${sectionName(section)} has no card {#${id}}`);
  return card;
}

/** A section's intro: one paragraph of words and facts, filled in. */
export function introOf(section: PageSection, site: SiteConfig): string {
  const text = paragraphText(section.blocks, site);
  if (text === undefined) throw new Error(`${sectionName(section)} must hold one paragraph (its intro), without links or emphasis`);
  return text;
}

/** One paragraph of a section's text that a page places on its own as plain words (an intro followed by more). */
export function plainParagraphOf(section: PageSection, block: Block | undefined, site: SiteConfig): string {
  const text = block ? paragraphText([block], site) : undefined;
  if (text === undefined) throw new Error(`${sectionName(section)} must hold a paragraph here, without links or emphasis`);
  return text;
}

function paragraphText(blocks: Block[], site: SiteConfig): string | undefined {
  const [block, ...rest] = blocks;
  return block && 'paragraph' in block && rest.length === 0 ? plainText(block.paragraph, site) : undefined;
}

/** A section's cards as icon, title and text; every card must name its icon. */
export function featuresOf(section: PageSection, site: SiteConfig): Feature[] {
  return section.cards.map((card) => {
    const { title, text } = stepOf(card, site);
    if (!card.icon) throw new Error(`${cardName(card, section, site)} names no {icon=…}`);
    return { icon: card.icon, title, text };
  });
}

/** A card as the title and text of a step (or a point). */
export function stepOf(card: MarkdownCard, site: SiteConfig): { title: string; text: string } {
  const title = runsText(card.title, site);
  const text = paragraphText(card.blocks, site);
  if (text === undefined) throw new Error(`${card.source}: Card "${title}" must hold one paragraph, without links or emphasis`);
  return { title, text };
}

/** The links of a run of inlines that holds nothing else (blank text aside); undefined when it holds anything else. */
function onlyLinks(inlines: Inline[]): [MarkdownLink, ...MarkdownLink[]] | undefined {
  const parts = inlines.filter((inline) => typeof inline !== 'string' || inline.trim() !== '');
  const links = parts.every((inline) => typeof inline === 'object' && 'href' in inline);
  return parts.length > 0 && links ? (parts as [MarkdownLink, ...MarkdownLink[]]) : undefined;
}

/**
 * A link whose words are plain, as those words and its address for this configuration (undefined where the
 * configuration leaves that address unset); undefined when the words are not plain.
 */
function plainLink(link: MarkdownLink, site: SiteConfig): { label: string; href: string | undefined } | undefined {
  const label = plainText(link.children, site);
  return label === undefined ? undefined : { label, href: resolvedHref(link.href, site) };
}

/** A paragraph of links alone, such as a row of buttons. */
export function linksOf(section: PageSection, block: Block | undefined): [MarkdownLink, ...MarkdownLink[]] {
  const links = block && 'paragraph' in block ? onlyLinks(block.paragraph) : undefined;
  if (!links) {
    throw new Error(`${sectionName(section)} must hold a paragraph of links alone here, as [Words](/path)`);
  }
  return links;
}

/** A paragraph of one link in plain words, to an address always configured: its words and address. `where` names it in a fault. */
export function oneLinkOf(where: string, block: Block | undefined, site: SiteConfig): { label: string; href: string } {
  const [link, ...more] = (block && 'paragraph' in block ? onlyLinks(block.paragraph) : undefined) ?? [];
  const plain = link && more.length === 0 ? plainLink(link, site) : undefined;
  if (plain?.href === undefined) throw new Error(`${where} must hold one link here, always configured, as [Words](/path)`);
  return { label: plain.label, href: plain.href };
}

/** A closing call to action: the section's title, its one paragraph of text, then a paragraph of its one link. */
export function callToActionOf(
  section: PageSection,
  site: SiteConfig,
): { title: string; text: string; actionLabel: string; actionHref: string } {
  const [textBlock, linkBlock, ...rest] = section.blocks;
  const where = sectionName(section);
  if (rest.length > 0) throw new Error(`${where} must hold one paragraph of text, then one link, as [Words](/path)`);
  const action = oneLinkOf(where, linkBlock, site);
  return { title: section.title, text: plainParagraphOf(section, textBlock, site), actionLabel: action.label, actionHref: action.href };
}

/**
 * A list of links, one to an item, as plain words and the address each leads to; an item whose address the
 * configuration leaves unset (config:liveChat) is left out. `where` names the list in a fault: a section, or a card.
 */
export function linkListOf(where: string, block: Block | undefined, site: SiteConfig): { label: string; href: string }[] {
  const items = block && 'list' in block ? block.list : [];
  const links = items.map((item) => {
    const [link, ...more] = onlyLinks(item) ?? [];
    return link && more.length === 0 ? plainLink(link, site) : undefined;
  });
  if (links.length === 0 || links.some((link) => link === undefined))
    throw new Error(`${where} must hold a list of links here, one to an item, as - [Words](/path)`);
  return (links as { label: string; href: string | undefined }[]).filter(
    (link): link is { label: string; href: string } => link.href !== undefined,
  );
}

/** A paragraph's words, where a page places one paragraph of a section's text on its own. */
export function paragraphOf(section: PageSection, block: Block | undefined): Inline[] {
  if (!block || !('paragraph' in block)) throw new Error(`${sectionName(section)} must hold a paragraph here`);
  return block.paragraph;
}

/** What a client said: a card titled with their name, then a paragraph of who they are, then their words. */
export interface Testimonial {
  name: string;
  role: string;
  quote: Block[];
}

export function testimonialsOf(section: PageSection, site: SiteConfig): Testimonial[] {
  return section.cards.map((card) => {
    const name = runsText(card.title, site);
    const [roleBlock, ...quote] = card.blocks;
    const role = roleBlock && 'paragraph' in roleBlock ? plainText(roleBlock.paragraph, site) : undefined;
    if (role === undefined || quote.length === 0) {
      throw new Error(
        `${card.source}: Testimonial "${name}" of section {#${section.id}} must hold who they are (one plain line), then their words`,
      );
    }
    return { name, role, quote };
  });
}
