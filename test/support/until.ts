// Waiting for something a server does asynchronously, without a fixed sleep.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `condition` holds, checked every 5 ms; throws after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(5);
  }
}
