// How well search answers the relevance set (./relevance-set.ts): success@1
// (the best answer first), success@3 (a right answer among the first three)
// and mean reciprocal rank (1 / the place of the first right answer). A
// no-match query succeeds when search finds nothing, since the search then
// offers the contact options instead of something unrelated.
import { join } from 'node:path';
import { prepareSite } from '../../server/render-site.js';
import { readManifest } from '../../server/manifest.js';
import { searchOver, type Search, type SearchEntry } from '../../shared/search.js';
import { distDir, testConfig } from '../support/app.js';
import { relevanceSet, type Judgement } from './relevance-set.js';

/**
 * The configuration the set is judged under: the defaults, with a live chat
 * configured so that "chat" has the answer the set names.
 */
export const judgedEnvironment = { LIVE_CHAT_URL: 'https://chat.example.com/' };

export interface QueryOutcome {
  judgement: Judgement;
  /** Where the first right answer came, from 1; 0 when none of the results is right. */
  rank: number;
  /** The first three results, as the set names them. */
  top: string[];
}

export interface Relevance {
  queries: number;
  successAt1: number;
  successAt3: number;
  meanReciprocalRank: number;
  outcomes: QueryOutcome[];
}

/** A result as the set names it: its site path, or external:<destination>. */
const answerOf = (entry: SearchEntry) => (entry.destination ? `external:${entry.destination}` : entry.path);

/** The index the server builds from the pages it rendered, under the judged configuration. */
export async function judgedIndex(): Promise<SearchEntry[]> {
  const answers = await prepareSite(testConfig(judgedEnvironment), readManifest(distDir), join(distDir, 'public'));
  return answers.searchIndex;
}

function outcomeOf(search: Search, judgement: Judgement): QueryOutcome {
  const results = search(judgement.query).map((hit) => answerOf(hit.entry));
  const top = results.slice(0, 3);
  if (!judgement.best) return { judgement, rank: results.length === 0 ? 1 : 0, top };
  const right = new Set([judgement.best, ...(judgement.good ?? [])]);
  // The first place is the best answer's: another right answer there counts as if second.
  const at = results.findIndex((answer) => right.has(answer)) + 1;
  const rank = at === 1 && results[0] !== judgement.best ? 2 : at;
  return { judgement, rank, top };
}

/** Whether a right answer is among the first three results (success@3 counts these). */
export const rightInFirstThree = (outcome: QueryOutcome) => outcome.rank >= 1 && outcome.rank <= 3;

function relevanceOf(search: Search, set: Judgement[] = relevanceSet): Relevance {
  const outcomes = set.map((judgement) => outcomeOf(search, judgement));
  const share = (test: (outcome: QueryOutcome) => boolean) => outcomes.filter(test).length / outcomes.length;
  return {
    queries: outcomes.length,
    successAt1: share((outcome) => outcome.rank === 1),
    successAt3: share(rightInFirstThree),
    meanReciprocalRank: outcomes.reduce((sum, outcome) => sum + (outcome.rank ? 1 / outcome.rank : 0), 0) / outcomes.length,
    outcomes,
  };
}

export async function measuredRelevance(): Promise<Relevance> {
  return relevanceOf(searchOver(await judgedIndex()));
}
