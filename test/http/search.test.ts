// The site search, as a visitor uses it: the index the server builds from the
// rendered pages, searched by the engine the browser loads (shared/search.ts).
// A fixed list of queries, each with the result a buyer expects first.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchOver, type Search, type SearchEntry } from '../../shared/search.js';
import { testApp } from '../support/app.js';

let search: Search;
let entries: SearchEntry[];

beforeAll(async () => {
  const app = testApp();
  const home = (await request(app).get('/').expect(200)).text;
  const url = /searchIndexUrl&quot;:&quot;(\/assets\/search-index-[0-9A-Z]+\.json)/.exec(home)![1]!;
  entries = (await request(app).get(url).expect(200)).body as SearchEntry[];
  search = searchOver(entries);
});

const first = (query: string) => search(query)[0]?.entry.path;

describe('site search', () => {
  it.each([
    ['pricing', '/services/shared-hosting#pricing'],
    ['price', '/services/shared-hosting#pricing'],
    ['cost', '/services/shared-hosting#pricing'],
    ['vps', '/services/shared-hosting#pricing'],
    ['cloud compute', '/services/shared-hosting#pricing'],
    ['max', '/services/shared-hosting#pricing'],
    ['unlimited', '/services/shared-hosting#pricing'],
    ['domain', '/services/shared-hosting#hosting-features'],
    ['backup', '/services/shared-hosting#faq'],
    ['uptime', '/services/shared-hosting#hosting-features'],
    ['outage', '/services/shared-hosting#hosting-features'],
    ['refund', '/services/shared-hosting#faq'],
    ['money back', '/services/shared-hosting#faq'],
    ['cancel', '/services/shared-hosting#faq'],
    ['migration', '/#cta-title'],
    ['wordpress', '/services/shared-hosting#hosting-features'],
    ['woocommerce', '/services/custom-development#custom-solutions'],
    ['maintenance', '/services/maintenance'],
    ['dmca', '/aup#copyright'],
    ['cookies', '/privacy#cookies-and-analytics'],
    ['arbitration', '/terms#governing-law'],
  ])('"%s" finds %s first', (query, expected) => {
    expect(first(query)).toBe(expected);
  });

  it('forgives a typo and a word half typed', () => {
    expect(first('woocomerce')).toBe(first('woocommerce'));
    expect(first('arbitraton')).toBe('/terms#governing-law');
    expect(first('wordpr')).toBe(first('wordpress'));
  });

  it.each(['backups', 'uptime', 'support', 'email', 'refund'])(
    'lists the pages that sell "%s" above the legal clauses that repeat the word',
    (query) => {
      const legal = search(query).map((hit) => Boolean(hit.entry.legal));
      expect(legal.length).toBeGreaterThan(1);
      expect(legal[0]).toBe(false);
      expect(legal).toEqual([...legal].sort((a, b) => Number(a) - Number(b)));
    },
  );

  it('indexes whole sections, so words far into a section are found', () => {
    // The Max plan and its Turbo resources are well past the first 400 characters of the pricing section.
    expect(search('turbo').map((hit) => hit.entry.path)).toContain('/services/shared-hosting#pricing');
  });

  it('shows each result with a snippet of its text, the matched words marked', () => {
    const [hit] = search('refund');
    expect(hit!.snippet.some((part) => part.marked && /refund/i.test(part.text))).toBe(true);
    expect(hit!.snippet.map((part) => part.text).join('').length).toBeLessThanOrEqual(165);
  });

  it('finds nothing for a word the site does not use, rather than something unrelated', () => {
    expect(search('kubernetes')).toEqual([]);
    expect(search('   ')).toEqual([]);
  });
});
