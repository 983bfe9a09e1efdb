// Markup the server writes by hand (the 500 page, the search's 503, the share image's SVG) around words from the
// labels files and the configuration: what an editor or an operator writes shows as written, never as markup.
import { around } from '../shared/content/labels.js';

export const escapeMarkup = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A label whose {link} is a link to `href`, its words another label. */
export function withLink(label: string, href: string, words: string): string {
  const [before, after] = around(label, 'link');
  return `${escapeMarkup(before)}<a href="${escapeMarkup(href)}">${escapeMarkup(words)}</a>${escapeMarkup(after)}`;
}
