// Scores one page with the MDN HTTP Observatory's own retriever and graders,
// the way its scan() does, but on the given ports. Run by scripts/observatory.ts
// in a process that trusts the local certificate (NODE_EXTRA_CA_CERTS).
// Usage: node scripts/observatory-scan.mjs OBSERVATORY_DIR HOST HTTP_PORT HTTPS_PORT PATH
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, host, httpPort, httpsPort, path] = process.argv.slice(2);
const load = (file) => import(pathToFileURL(join(dir, 'node_modules', '@mdn', 'mdn-http-observatory', 'src', file)).href);
const { retrieve } = await load('retriever/retriever.js');
const { ALL_TESTS, NUM_TESTS } = await load('constants.js');
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await load('grader/charts.js');
const { getGradeForScore, getScoreModifier } = await load('grader/grader.js');

const retrieved = await retrieve(host, { httpPort: Number(httpPort), httpsPort: Number(httpsPort), path });
if (!retrieved.responses.auto) throw new Error('The site could not be reached');
const results = ALL_TESTS.map((test) => test(retrieved));
let extraCredit = 100;
let uncurved = 100;
let passed = 0;
const failed = [];
for (const result of results) {
  if (!result.result) continue;
  const modifier = getScoreModifier(result.result);
  passed += result.pass ? 1 : 0;
  extraCredit += modifier;
  if (modifier < 0) uncurved += modifier;
  if (!result.pass) failed.push(`${result.constructor.name}: ${result.result}`);
}
const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? extraCredit : uncurved);
console.log(
  JSON.stringify({
    path,
    status: retrieved.responses.auto.status,
    grade: final.grade,
    score: final.score,
    passed,
    total: NUM_TESTS,
    failed,
  }),
);
