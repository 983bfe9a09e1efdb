// The site search as visitors use it: the engine (shared/search.ts) over the
// index the server builds from the built pages. How well it answers is
// measured over the relevance set (test/search/relevance.test.ts); these are
// the behaviours every answer keeps.
import { beforeAll, describe, expect, it } from 'vitest';
import { searchOver, type Search, type SearchEntry } from '../../shared/search.js';
import { MAX_QUERY_CHARS, normalisedQuery } from '../../shared/search-query.js';
import { judgedIndex } from '../search/relevance.js';
import { labels } from '../support/labels.js';

let search: Search;
let entries: SearchEntry[];

beforeAll(async () => {
  entries = await judgedIndex();
  search = searchOver(entries);
});

const paths = (query: string) => search(query).map((hit) => hit.entry.path);

describe('site search', () => {
  it('shows each result with a snippet of its own text, the matched words marked whole', () => {
    const [hit] = search('refund');
    expect(hit!.snippet.some((part) => part.marked && /^refund/i.test(part.text))).toBe(true);
    expect(hit!.entry.text).toContain(
      hit!.snippet
        .map((part) => part.text)
        .join('')
        .replace(/^…|…$/g, ''),
    );
    // A stem marks the whole word it starts: "migrate" finds and marks "migration".
    const marked = search('migrate').flatMap((hit) => hit.snippet.filter((part) => part.marked).map((part) => part.text.toLowerCase()));
    expect(marked).toContain('migration');
    // A word is marked for what it matched, not for beginning like it: "money back" marks money-back, not "backups".
    const forMoneyBack = search('money back').flatMap((hit) =>
      hit.snippet.filter((part) => part.marked).map((part) => part.text.toLowerCase()),
    );
    expect(forMoneyBack).toContain('back');
    expect(forMoneyBack).not.toContain('backups');
  });

  it('finds a task done in the client portal as a result that leaves the site', () => {
    const [login] = search('sign in');
    expect(login!.entry).toMatchObject({
      title: labels.clientLogin.title,
      kind: 'external',
      path: 'https://portal.example.com/clientarea.php',
    });
  });

  it('lists a section once, however many of its cards match', () => {
    const found = paths('backups nvme uptime');
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found).size).toBe(found.length);
  });

  it('ranks the pages that sell above the legal clauses that repeat the word, unless the visitor asks for the rules', () => {
    const legal = (query: string) => search(query).map((hit) => hit.entry.kind === 'legal');
    expect(legal('backups')[0]).toBe(false);
    expect(legal('refund policy')[0]).toBe(true);
    expect(paths('backups policy').indexOf('/terms#backups')).toBeLessThan(paths('backups').indexOf('/terms#backups'));
  });

  it('reads the last word as unfinished (the visitor is still typing) and the words before it as whole', () => {
    // "hos" is the beginning of hosting; "buy" before another word is the word buy, not the beginning of "built".
    expect(paths('shared hos')[0]).toMatch(/^\/services\/shared-hosting/);
    const [first] = search('buy hosting');
    expect(first!.entry.destination).toBe('order');
    expect(first!.snippet.filter((part) => part.marked).map((part) => part.text.toLowerCase())).not.toContain('built');
  });

  it('puts the entries that match more of the query first, and still lists those that match some of it', () => {
    // No clause says both "account" and "suspended": the one about suspension comes before those that only say "account".
    const found = paths('account suspended');
    expect(found[0]).toBe('/terms#termination');
    expect(found).toContain('/aup#copyright');
  });

  it('finds nothing for words the site does not use, rather than something unrelated', () => {
    for (const query of ['kubernetes', 'cheap flights', 'pizza delivery', '   ', '¿¿¿', '\u0000\u0007'])
      expect(search(query), query).toEqual([]);
  });

  it('searches at most the first MAX_QUERY_CHARS characters, without control characters', () => {
    expect(normalisedQuery(`refund\u0000 ${'x'.repeat(300)}`)).toEqual({
      query: `refund ${'x'.repeat(MAX_QUERY_CHARS - 7)}`,
      shortened: true,
    });
    expect(normalisedQuery('  money\tback ')).toEqual({ query: 'money back', shortened: false });
    expect(paths(`refund ${'zzzq '.repeat(200)}`)).toEqual(paths('refund'));
  });
});
