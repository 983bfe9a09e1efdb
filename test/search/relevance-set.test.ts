// The relevance set stays true to the site it judges: every answer it names is
// a page or a section a visitor can land on, every external answer is one of
// the destinations the site links to, and a query judged to have no answer
// really finds its words on no page. When content moves, this fails and names
// the judgement to look at again, rather than leaving the figures measured
// against addresses that are gone.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexableRoutes } from '../../shared/routes.js';
import { searchDestinations } from '../../shared/content/search-destinations.js';
import { testApp, testConfig } from '../support/app.js';
import { visibleText } from '../support/html.js';
import { relevanceSet, type Judgement } from './relevance-set.js';
import { judgedEnvironment } from './relevance.js';

/** The client portal's and status page's destinations a task query may be answered by, under the configuration the set is judged with. */
const destinations = searchDestinations(testConfig(judgedEnvironment).site).map((destination) => destination.id);

const kinds: Judgement['kind'][] = ['question', 'word', 'misspelling', 'task', 'legal', 'company', 'no-match'];

const app = testApp();
const pages = new Map<string, { sections: Set<string>; words: Set<string> }>();

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

beforeAll(async () => {
  for (const { path } of indexableRoutes()) {
    const html = (await request(app).get(path).expect(200)).text;
    const main = /<main[\s>][\s\S]*<\/main>/.exec(html)?.[0] ?? '';
    // Sections, and the questions of a FAQ, which search lands on one by one.
    const sections = new Set([...main.matchAll(/<(?:h2|details)\s[^>]*\bid="([^"]+)"/g)].map((match) => match[1]!));
    pages.set(path, { sections, words: new Set(words(visibleText(html))) });
  }
});

function problemWith(address: string): string | undefined {
  if (address.startsWith('external:')) {
    return destinations.includes(address.slice('external:'.length)) ? undefined : 'is not a destination the site links to';
  }
  const [path = '', section] = address.split('#');
  const page = pages.get(path);
  if (!page) return 'is not a page of the site';
  if (section !== undefined && !page.sections.has(section)) return `has no section #${section}`;
  return undefined;
}

describe('the relevance set', () => {
  it('holds at least 80 distinct queries, at least 8 of each kind', () => {
    expect(relevanceSet.length).toBeGreaterThanOrEqual(80);
    const queries = relevanceSet.map((judgement) => judgement.query.trim().toLowerCase());
    expect(queries.filter((query, at) => queries.indexOf(query) !== at)).toEqual([]);
    for (const kind of kinds) expect(relevanceSet.filter((judgement) => judgement.kind === kind).length, kind).toBeGreaterThanOrEqual(8);
  });

  it('gives every answerable query one best answer, listed once, and a no-match query none', () => {
    const malformed = relevanceSet.filter(({ kind, best, good = [] }) =>
      kind === 'no-match'
        ? best !== undefined || good.length > 0
        : best === undefined || good.includes(best) || new Set(good).size !== good.length,
    );
    expect(malformed).toEqual([]);
  });

  it('names only pages, sections and destinations a visitor can reach', () => {
    const broken = relevanceSet.flatMap(({ query, best, good = [] }) =>
      [best, ...good].flatMap((address) => {
        const problem = address === undefined ? undefined : problemWith(address);
        return problem ? [`"${query}": ${address} ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('judges a query to have no answer only when no page holds all its words', () => {
    const found = relevanceSet
      .filter(({ kind }) => kind === 'no-match')
      .flatMap(({ query }) =>
        [...pages].filter(([, page]) => words(query).every((word) => page.words.has(word))).map(([path]) => `"${query}" on ${path}`),
      );
    expect(found).toEqual([]);
  });
});
