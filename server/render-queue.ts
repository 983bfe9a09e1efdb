// A bound on the renders requests can start. Rendering a page is the one
// answer that costs the server real CPU time per request, and distinct search
// queries defeat every cache, so a flood of them must neither queue without
// end nor crowd out the prepared pages. Renders run one after another, each in
// its own turn of the event loop (so that the requests for prepared pages that
// arrived meanwhile are answered between two renders), and together they take
// at most `share` of the last second's time; the rest wait in a line of at
// most `waiting`, and beyond that the caller answers 503 at once.

import { AsyncResource } from 'node:async_hooks';

export interface RenderQueueLimits {
  /** Renders waiting for their turn at most; past that, admit() refuses. */
  waiting: number;
  /** The share of wall-clock time renders may take, over a sliding second (0.5: half a core). */
  share: number;
}

export interface RenderQueue {
  /**
   * Runs `render` in its turn, handing it `done`, which it calls once its CPU
   * work is over (calling it again does nothing). False when the line is full:
   * nothing was started.
   */
  admit(render: (done: () => void) => void): boolean;
  /** Renders running and waiting, for tests. */
  readonly load: { running: number; waiting: number };
}

type Render = (done: () => void) => void;

const WINDOW_MS = 1000;

export function renderQueue(limits: RenderQueueLimits, now: () => number = () => performance.now()): RenderQueue {
  const line: Render[] = [];
  /** When each recent render ran, start and end, for the share of the last second they took. */
  const recent: { start: number; end: number }[] = [];
  let running = false;
  let timer: NodeJS.Timeout | undefined;

  function spentInWindow(at: number): number {
    while ((recent[0]?.end ?? at) < at - WINDOW_MS) recent.shift();
    return recent.reduce((sum, { start, end }) => sum + (end - Math.max(start, at - WINDOW_MS)), 0);
  }

  function next() {
    const render = line[0];
    if (running || timer || !render) return;
    const at = now();
    const over = spentInWindow(at) - limits.share * WINDOW_MS;
    if (over > 0) {
      // Over the share: the window must slide at least that far before enough render time has left it.
      timer = setTimeout(() => {
        timer = undefined;
        next();
      }, Math.ceil(over));
      return;
    }
    line.shift();
    running = true;
    setImmediate(() => {
      const start = now();
      let finished = false;
      render(() => {
        if (finished) return;
        finished = true;
        recent.push({ start, end: now() });
        running = false;
        next();
      });
    });
  }

  return {
    admit(render) {
      if (line.length >= limits.waiting) return false;
      // The render runs in its own request's async context, not in the one its
      // turn comes from (the previous render's, inside React's request storage):
      // otherwise each render's resources would hold the one before, and a
      // flood's every request would stay in memory as one chain.
      line.push(AsyncResource.bind(render));
      next();
      return true;
    },
    get load() {
      return { running: running ? 1 : 0, waiting: line.length };
    },
  };
}
