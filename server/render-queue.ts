// A bound on the renders a request can start. Rendering a page is the one
// answer that costs the server real CPU time per request, and distinct search
// queries defeat every cache, so a flood of them must not queue without end
// nor crowd out the prepared pages. At most `running` renders at a time, at
// most `waiting` more in line; beyond that, the caller answers 503 at once.
// Each render starts in its own turn of the event loop, so that the requests
// for prepared pages that arrived meanwhile are answered between two renders.

export interface RenderQueue {
  /**
   * Runs `render` when a place is free, handing it `done`, which it calls
   * once its CPU work is over (calling it again does nothing). False when the
   * queue is full: nothing was started.
   */
  admit(render: (done: () => void) => void): boolean;
  /** Renders running and waiting, for the metrics and tests. */
  readonly load: { running: number; waiting: number };
}

export function renderQueue(limits: { running: number; waiting: number }): RenderQueue {
  let running = 0;
  const line: ((done: () => void) => void)[] = [];

  /** Runs a render in a place already counted; when it is done, the place passes to the next in line. */
  function run(render: (done: () => void) => void) {
    let finished = false;
    render(() => {
      if (finished) return;
      finished = true;
      const next = line.shift();
      if (next) setImmediate(() => run(next));
      else running--;
    });
  }

  return {
    admit(render) {
      if (running < limits.running) {
        running++;
        // In a turn of its own: never part of the request that asked for it.
        setImmediate(() => run(render));
        return true;
      }
      if (line.length >= limits.waiting) return false;
      line.push(render);
      return true;
    },
    get load() {
      return { running, waiting: line.length };
    },
  };
}
