// The contact details' words and addresses for a configuration, as plain data:
// shared/content/site-wide.shared.md (#contact-details) read once. The header
// fetches this module the first time its dialog opens (with no React in it, so
// the islands' React chunk stays whole); the search page renders it directly.
import type { SiteConfig } from '../site-config.js';
import { cardName, linkListOf, oneLinkOf, plainParagraphOf, runsText, sectionName, sectionOf } from './markdown.js';
import siteWide from './site-wide.shared.md';

export interface ContactDetailsData {
  /** The sentence that opens them. */
  sentence: string;
  /** Each term (Email, Phone) and its link. */
  details: { term: string; label: string; href: string }[];
  /** The ways to reach us, each a link; those the configuration leaves unset are left out. */
  ways: { label: string; href: string }[];
}

/** The section, for its title: the dialog's. */
export const contactDetailsCopy = sectionOf(siteWide, 'contact-details');

export function contactDetailsOf(site: SiteConfig): ContactDetailsData {
  const section = contactDetailsCopy;
  const where = sectionName(section);
  const [sentence, ways] = section.blocks;
  return {
    sentence: plainParagraphOf(section, sentence, site),
    details: section.cards.map((card) => {
      const term = runsText(card.title, site);
      return { term, ...oneLinkOf(cardName(card, section, site), card.blocks[0], site) };
    }),
    ways: linkListOf(where, ways, site),
  };
}
