// The memory handed back after a burst of renders: when the collections run,
// and (the fence) that the exposed gc is V8's real collector.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exposedGc, releaseMemoryWhenQuiet } from '../../server/memory-release.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('releaseMemoryWhenQuiet', () => {
  /** A release with fake timers and a recorded collector, after `renders` renders. */
  function releaseAfter(renders: number) {
    vi.useFakeTimers();
    const collect = vi.fn();
    const memory = releaseMemoryWhenQuiet({ burst: 5, quietMs: 1_000, collections: 3 }, collect);
    for (let i = 0; i < renders; i++) memory.rendered();
    return { collect, memory };
  }

  it('collects nothing after fewer renders than a burst, however long the quiet', () => {
    const { collect } = releaseAfter(4);
    vi.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
  });

  it('after a burst, collects three times, 1, 5 and 21 quiet intervals after renders stop, then waits for the next burst', () => {
    const { collect, memory } = releaseAfter(5);
    vi.advanceTimersByTime(999);
    expect(collect).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3_999);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(16_000);
    expect(collect).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(3);
    // The count starts again: one render is not a burst.
    memory.rendered();
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(3);
  });

  it('waits while renders go on: none runs during the burst, and a render between collections starts the wait again', () => {
    const { collect, memory } = releaseAfter(0);
    for (let i = 0; i < 50; i++) {
      memory.rendered();
      vi.advanceTimersByTime(500);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(collect).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) memory.rendered();
    vi.advanceTimersByTime(999);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1 + 4_000 + 16_000);
    expect(collect).toHaveBeenCalledTimes(4);
  });
});

describe('exposedGc (the fence around --expose-gc)', () => {
  it('is V8’s collector: an object reachable only weakly is gone after one call', async () => {
    const collect = exposedGc();
    let target: object | undefined = { payload: new Array(1_000).fill('x') };
    const weak = new WeakRef(target);
    target = undefined;
    // A WeakRef's target is kept until the end of the current job.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(weak.deref()).toBeUndefined();
  });
});
