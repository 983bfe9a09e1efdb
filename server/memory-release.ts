// Memory handed back after a burst of rendering. The search page is rendered
// for each request, so a flood of distinct queries makes V8 grow its heap (the
// young generation to its maximum, old-space pages); once the flood is over,
// V8 keeps that heap: its memory reducer waits for a low allocation rate it
// measures at garbage collections, and an idle server collects nothing. The
// pod's memory then stays at the flood's peak. So once the renders have been
// quiet for a moment, this asks V8 for full collections, further and further
// apart (the pages one collection frees are returned to the system by the
// next ones).
// A full collection of this heap pauses the event loop for ~10–30 ms, and it
// runs only after a burst, when the site is quiet.
//
// Fenced: V8's gc function is not exposed without --expose-gc. Setting that
// flag at run time and reading `gc` from a new context is the public way
// (node:v8 and node:vm) that Jest's leak detector also uses; the flag must be
// set before the context is made. test/unit/memory-release.test.ts fails if
// this stops giving a function that shrinks the heap.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export type Collect = () => void;

/** V8's full garbage collection, as --expose-gc exposes it. */
export function exposedGc(): Collect {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc !== 'function') throw new Error('V8 did not expose gc: server/memory-release.ts needs updating');
  // The last resort: every collection V8 has, weak caches included, as it does before it runs out of memory.
  return () => (gc as (options: object) => void)({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

export interface MemoryReleaseOptions {
  /** Renders since the last release that make a burst worth releasing after. */
  burst: number;
  /** How long without a render counts as quiet. */
  quietMs: number;
  /** Collections in all: the first after quietMs, each next one four times as long after the one before. */
  collections: number;
}

export interface MemoryRelease {
  /** One render done: after a burst, the collections follow once renders have been quiet. */
  rendered(): void;
}

export function releaseMemoryWhenQuiet(options: MemoryReleaseOptions, collect: Collect = exposedGc()): MemoryRelease {
  const { burst, quietMs, collections } = options;
  let renders = 0;
  let timer: NodeJS.Timeout | undefined;
  const collectIn = (left: number, delayMs: number) => {
    timer = setTimeout(() => {
      renders = 0;
      collect();
      if (left > 1) collectIn(left - 1, delayMs * 4);
      else timer = undefined;
    }, delayMs).unref();
  };
  return {
    rendered() {
      renders++;
      if (renders < burst) return;
      // A render during the collections starts the wait again, with every collection still to come.
      clearTimeout(timer);
      collectIn(collections, quietMs);
    },
  };
}
