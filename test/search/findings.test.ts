// What visitors met in the search that the relevance figures do not show:
// which words a snippet marks, and what the first three results are not.
// Each was seen by a visitor (issue 35); the relevance set holds the rest.
import { beforeAll, describe, expect, it } from 'vitest';
import { searchOver, type Search, type SearchHit } from '../../shared/search.js';
import { judgedIndex } from './relevance.js';

let search: Search;

beforeAll(async () => {
  search = searchOver(await judgedIndex());
});

/** Each snippet's marked words, in order. */
const marked = (hits: SearchHit[]) => hits.map((hit) => hit.snippet.filter((part) => part.marked).map((part) => part.text.toLowerCase()));

/** A snippet as a visitor reads it, the marked words in brackets. */
const shown = (hit: SearchHit) => hit.snippet.map((part) => (part.marked ? `[${part.text}]` : part.text)).join('');

describe('the site search, as visitors met it', () => {
  it('marks "back" and "up" for "backup" only where they stand together ("backed up"), never "up to 50x" or "fee back"', () => {
    const hits = search('backup');
    expect(hits.length).toBeGreaterThan(3);
    for (const hit of hits) {
      const text = shown(hit);
      expect(text, hit.entry.path).not.toMatch(/(?<!\[back(?:ed)?\] )\[up\]/i);
      expect(text, hit.entry.path).not.toMatch(/\[back(?:ed)?\](?! \[up\])/i);
    }
    // And where they do stand together, both are marked.
    expect(hits.map(shown).join(' ')).toContain('[backed] [up]');
  });

  it('answers "register a domain name" with the plans’ features, and nothing matched on "named"', () => {
    const hits = search('register a domain name');
    expect(hits[0]?.entry.path).toBe('/services/shared-hosting#hosting-features');
    expect(hits.map((hit) => hit.entry.title)).not.toContain('Client Guarantee');
    expect(marked(hits).flat()).not.toContain('named');
  });

  it.each(['email', 'email accounts', 'email hosting', 'do you offer email hosting'])(
    'lists no newsletter among the first three results for "%s"',
    (query) => {
      const first = search(query).slice(0, 3);
      expect(first).toHaveLength(3);
      expect(first.map((hit) => hit.entry.path)).not.toContain('/contact#newsletter');
    },
  );

  it.each(['minecraft server', 'game server hosting', 'minecraft hosting', 'reseller'])(
    'finds nothing for "%s", whose only word the site uses is one every hosting page uses',
    (query) => {
      expect(search(query)).toEqual([]);
    },
  );

  it('still searches those words alone, and beside a word that carries a topic', () => {
    expect(search('server').length).toBeGreaterThan(0);
    expect(search('wordpress hosting').length).toBeGreaterThan(0);
  });

  it('finds nothing for "do you sell domain names", whose words the site has only apart, and still answers "do you sell my data"', () => {
    expect(search('do you sell domain names')).toEqual([]);
    expect(search('do you sell my data')[0]?.entry.path).toBe('/privacy#how-we-use-data');
    // The thing alone is still found.
    expect(search('domain names')[0]?.entry.path).toBe('/services/shared-hosting#hosting-features');
  });

  it('reads "sll" as SSL, and marks it', () => {
    const hits = search('sll');
    expect(hits[0]?.entry.path).toBe('/services/shared-hosting#hosting-plans');
    expect(marked(hits.slice(0, 3)).every((words) => words.includes('ssl'))).toBe(true);
  });
});
