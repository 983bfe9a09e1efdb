// Reports how well the site search answers the relevance set
// (test/search/relevance-set.ts), over the index the server builds from the
// built pages: success@1, success@3 and mean reciprocal rank, by kind of
// query, and every query whose best answer is not first.
// Run: npm run build && npm run search-relevance
import { measuredRelevance, type QueryOutcome } from '../test/search/relevance.js';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const relevance = await measuredRelevance();

function summary(outcomes: QueryOutcome[]) {
  const share = (test: (outcome: QueryOutcome) => boolean) => outcomes.filter(test).length / outcomes.length;
  return {
    queries: outcomes.length,
    'success@1': percent(share((outcome) => outcome.rank === 1)),
    'success@3': percent(share((outcome) => outcome.rank >= 1 && outcome.rank <= 3)),
    MRR: (outcomes.reduce((sum, outcome) => sum + (outcome.rank ? 1 / outcome.rank : 0), 0) / outcomes.length).toFixed(3),
  };
}

const kinds = [...new Set(relevance.outcomes.map((outcome) => outcome.judgement.kind))];
console.table(
  Object.fromEntries([
    ...kinds.map((kind) => [kind, summary(relevance.outcomes.filter((outcome) => outcome.judgement.kind === kind))]),
    ['all', summary(relevance.outcomes)],
  ]),
);
for (const { judgement, rank, top } of relevance.outcomes.filter((outcome) => outcome.rank !== 1)) {
  console.log(
    `${JSON.stringify(judgement.query)} (${judgement.kind}): ${rank ? `right at ${rank}` : 'no right answer'}; best ${judgement.best ?? 'nothing'}; got ${top.join(', ') || 'nothing'}`,
  );
}
