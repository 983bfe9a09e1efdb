// The markup the server writes by hand around labels (the 500 page, the search's 503, the share image): whatever an
// editor writes shows as its words, never as markup.
import { describe, expect, it } from 'vitest';
import { escapeMarkup, withLink } from '../../server/markup.js';

describe('markup around labels', () => {
  it('writes a label as text and its {link} as a link to the address, with the words given', () => {
    expect(withLink('Fish & <chips>, or {link}.', '/a?b=1&c="2"', 'ask "us"')).toBe(
      'Fish &#38; &#60;chips&#62;, or <a href="/a?b=1&#38;c=&#34;2&#34;">ask &#34;us&#34;</a>.',
    );
  });

  it('escapes both quotes, so that text is safe in an attribute of either', () => {
    expect(escapeMarkup(`it's "so"`)).toBe('it&#39;s &#34;so&#34;');
  });
});
