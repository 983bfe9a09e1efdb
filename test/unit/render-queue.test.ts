// The queue the search page's renders go through (server/render-queue.ts):
// one render at a time, each in a turn of its own, at most `waiting` in line,
// and together no more than their share of the last second.
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderQueue } from '../../server/render-queue.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the render queue', () => {
  afterEach(() => void vi.useRealTimers());

  it('runs one render at a time, in the order they came, each after the turn that admitted it', async () => {
    const queue = renderQueue({ waiting: 5, share: 1 });
    const started: number[] = [];
    const finishers: (() => void)[] = [];
    for (let i = 0; i < 3; i++) {
      expect(
        queue.admit((done) => {
          started.push(i);
          finishers.push(done);
        }),
      ).toBe(true);
    }
    expect(started).toEqual([]);
    await turn();
    expect(started).toEqual([0]);
    finishers[0]!();
    finishers[0]!();
    await turn();
    expect(started).toEqual([0, 1]);
    finishers[1]!();
    await turn();
    expect(started).toEqual([0, 1, 2]);
  });

  it('runs each render in the async context of the request that admitted it, not in the one of the render before', async () => {
    // React's renderer keeps its request in an AsyncLocalStorage and calls
    // back (done) inside it. A render that took its turn from there would
    // carry the previous render's request in every resource it makes, each
    // holding the one before: a flood's every request kept as one chain.
    const storage = new AsyncLocalStorage<string>();
    const queue = renderQueue({ waiting: 5, share: 1 });
    const seen: (string | undefined)[] = [];
    const finishers: (() => void)[] = [];
    for (const request of ['request 1', 'request 2']) {
      storage.run(request, () =>
        queue.admit((done) => {
          seen.push(storage.getStore());
          finishers.push(done);
        }),
      );
    }
    await turn();
    storage.run('inside render 1', () => finishers[0]!());
    await turn();
    expect(seen).toEqual(['request 1', 'request 2']);
  });

  it('refuses a render once `waiting` are in line behind the one running, and takes one again when the line moves', async () => {
    const queue = renderQueue({ waiting: 2, share: 1 });
    const finishers: (() => void)[] = [];
    const render = (done: () => void) => finishers.push(done);
    expect([queue.admit(render), queue.admit(render), queue.admit(render), queue.admit(render)]).toEqual([true, true, true, false]);
    await turn();
    expect(queue.load).toEqual({ running: 1, waiting: 2 });
    finishers[0]!();
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    expect(queue.admit(render)).toBe(true);
    expect(queue.admit(render)).toBe(false);
  });

  /**
   * A queue allowed half of each second, where each render takes 600 ms as far
   * as the queue can tell, and `pass` moves its clock on. The clock and the
   * timers are the test's: on the real ones, a busy machine that paused this
   * process across the moment the line moves would run the check due after it
   * before the render the line let through.
   */
  function slowRenders() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
    let taken = 0;
    const queue = renderQueue({ waiting: 5, share: 0.5 }, () => performance.now() + taken);
    const started: number[] = [];
    const admit = (i: number) =>
      queue.admit((done) => {
        started.push(i);
        taken += 600;
        done();
      });
    return { started, admit, pass: (ms: number) => (taken += ms) };
  }

  it('holds the line while the renders of the last second took more than their share of it', async () => {
    const { started, admit } = slowRenders();
    admit(0);
    admit(1);
    // 600 ms of the last second were rendering: the next waits until no more than 500 ms of it were, about 500 ms on.
    await vi.advanceTimersByTimeAsync(300);
    expect(started).toEqual([0]);
    await vi.advanceTimersByTimeAsync(500);
    expect(started).toEqual([0, 1]);
  });

  it('counts only the last second: after a pause, the renders of long ago neither hold the line nor make room', async () => {
    const { started, admit, pass } = slowRenders();
    admit(0);
    await vi.advanceTimersByTimeAsync(0);
    pass(5_000); // five quiet seconds
    admit(1);
    admit(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(started).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(500);
    expect(started).toEqual([0, 1, 2]);
  });
});
