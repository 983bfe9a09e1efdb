// What a Markdown file of copy becomes at build time (scripts/markdown-content.ts):
// plain data that the pages render with React, so no Markdown parser is
// loaded by the server at run time or reaches the browser.
import type { SiteConfig } from '../site-config.js';
import { facts, type FactName } from './facts.js';

/** A run of text: words as written, a fact named as {{name}}, or a link or emphasis around more of them. */
export type Inline = string | { fact: FactName } | { href: string; children: Inline[] } | { strong: Inline[] } | { emphasis: Inline[] };

/** A paragraph, or a bulleted list of one-line items. */
export type Block = { paragraph: Inline[] } | { list: Inline[][] };

/** A `## Title {#id}` heading and what follows it, up to the next one. */
export interface MarkdownSection {
  id: string;
  title: string;
  blocks: Block[];
}

/** A legal document (`*.legal.md`): the date of its last change, who the company is to the reader, its sections. */
export interface LegalMarkdown {
  /** ISO date (YYYY-MM-DD) the document last changed. */
  updated: string;
  /** What the company is to the reader, before its legal identity (when configured). */
  party: string;
  intro: Inline[];
  sections: MarkdownSection[];
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
  let text = '';
  for (const inline of inlines) {
    if (typeof inline === 'string') text += inline;
    else if ('fact' in inline) text += factText(inline.fact, site);
    else return undefined;
  }
  return text;
}

export function factText(name: FactName, site: SiteConfig): string {
  return facts[name](site);
}
