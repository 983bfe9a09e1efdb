// startLoad (load.ts) in a process of its own, for a test that times another
// client meanwhile: a flood's own answers would otherwise delay the test's
// event loop, and the visitor's timings with it. Started by floodProcess.
// Argument: the load's options as JSON (ca as a PEM string), with
// `distinctSearches` for a query never asked before on each request and
// `seconds` for how long; prints the LoadResult as JSON when done.
import { startLoad, type LoadOptions } from './load.js';

const { seconds, distinctSearches, ca, ...options } = JSON.parse(process.argv[2]!) as Omit<LoadOptions, 'ca'> & {
  seconds: number;
  distinctSearches?: string;
  ca?: string;
};
const load = startLoad({
  ...options,
  ca: ca === undefined ? undefined : Buffer.from(ca),
  pathAt:
    distinctSearches === undefined
      ? undefined
      : (n) => `/search?q=${encodeURIComponent(`hosting price ${distinctSearches}${n.toString(36)}`)}`,
});
setTimeout(() => {
  void load.stop().then((result) => process.stdout.write(JSON.stringify(result)));
}, seconds * 1000);
