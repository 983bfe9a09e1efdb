// Waiting for something a server does asynchronously, without a fixed sleep.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `condition` holds, checked every 5 ms; throws after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > end) throw new Error('timed out waiting');
    await sleep(5);
  }
}

/**
 * For a state seen through a request (another process, a socket): probes every
 * 50 ms until `holds` is true of what a probe gives, and resolves with that, or
 * with the last probe's after `timeoutMs`, for the test to assert on.
 */
export async function probeUntil<T>(probe: () => Promise<T>, holds: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (holds(value) || performance.now() > end) return value;
    await sleep(50);
  }
}
