// How well the site search answers the relevance set, asserted as figures
// over the whole set (not query by query): the engine the panel runs in the
// browser and the search page runs on the server is one (shared/search.ts),
// over the index the server builds from the built pages. Each figure's floor
// is what the search achieves now; `npm run search-relevance` shows every
// query whose best answer is not first.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { measuredRelevance, rightInFirstThree, type Relevance } from './relevance.js';

let relevance: Relevance;

beforeAll(async () => {
  relevance = await measuredRelevance();
});

describe('the site search over the relevance set', () => {
  it('puts a right answer among the first three for every query', () => {
    expect(relevance.outcomes.filter((outcome) => !rightInFirstThree(outcome)).map((outcome) => outcome.judgement.query)).toEqual([]);
    expect(relevance.successAt3).toBe(1);
  });

  it('puts the best answer first for at least nine queries in ten', () => {
    expect(relevance.successAt1).toBeGreaterThanOrEqual(0.9);
  });

  it('has a mean reciprocal rank of at least 0.9', () => {
    expect(relevance.meanReciprocalRank).toBeGreaterThanOrEqual(0.94);
  });

  it('finds nothing for every query the site has no answer to, so that the visitor is offered the contact options', () => {
    expect(relevance.outcomes.filter((outcome) => outcome.judgement.kind === 'no-match' && outcome.rank !== 1)).toEqual([]);
  });
});

describe('npm run search-relevance', () => {
  // Runs under tsx with the Markdown hooks (test/unit/markdown-content.test.ts checks they are registered), over the built pages.
  it('reads the pages and reports', () => {
    const out = execFileSync('npm', ['run', '--silent', 'search-relevance'], { encoding: 'utf8' });
    expect(out).toMatch(/success@1/i);
  });
});
