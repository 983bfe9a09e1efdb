// A test that makes React (or anything else) log an error fails, so warnings
// such as hydration mismatches or missing keys never pass unnoticed.
import { afterEach, vi } from 'vitest';

const spy = vi.spyOn(console, 'error');

afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length > 0) {
    throw new Error(`console.error was called:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
