// The server's code reads by its names; its comments say only why, so they stay a small share of it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const server = join(import.meta.dirname, '..', '..', 'server');

/** Non-blank lines, and those of them that are comments: trimmed, they start with `//`, `/*` or `*`. */
function countLines(text: string): { comments: number; lines: number } {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return { comments: lines.filter((line) => /^(\/\/|\/\*|\*)/.test(line)).length, lines: lines.length };
}

describe('comments in server/', () => {
  it('are at most 16% of its non-blank lines', () => {
    let comments = 0;
    let lines = 0;
    for (const file of readdirSync(server).filter((name) => name.endsWith('.ts'))) {
      const counted = countLines(readFileSync(join(server, file), 'utf8'));
      comments += counted.comments;
      lines += counted.lines;
    }
    expect(comments / lines, `${comments} comment lines of ${lines}`).toBeLessThanOrEqual(0.16);
  });

  it('counts line comments and each line of a block comment, not blank lines or code', () => {
    const text = ['// why', '', '/**', ' * more', ' */', 'const a = 1; // beside code', '  ', 'const b = `/* in a string */`;'].join('\n');
    expect(countLines(text)).toEqual({ comments: 4, lines: 6 });
  });
});
