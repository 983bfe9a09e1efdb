// The README is a newcomer's guide: short, readable lines, and no run logs
// (figures live in docs/performance.md, history in CHANGELOG.md).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README.md', () => {
  // 15 KB read the stricter way, as 15,000 bytes.
  it('stays within 15 KB', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(15_000);
  });

  it('has no line over 400 characters', () => {
    const long = readme.split('\n').filter((line) => line.length > 400);
    expect(long).toEqual([]);
  });

  it('carries no dated runs or measured figures', () => {
    expect(readme).not.toMatch(
      /\b20\d\d-\d\d-\d\d\b|\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}\b/,
    );
    expect(readme).not.toMatch(/\d+(\.\d+)? ?(req\/s|ms)\b/);
  });

  it('points to where the figures, the history and the decisions live', () => {
    for (const path of ['docs/performance.md', 'CHANGELOG.md', 'docs/decisions/', 'docs/operations.md']) expect(readme).toContain(path);
  });
});
