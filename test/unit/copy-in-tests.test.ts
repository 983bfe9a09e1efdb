// No test restates the site's copy: tests read what a page must say from the
// content modules, so an editor who changes a sentence changes no test
// (docs/editing-content.md). Any six words in a row of one sentence of the
// content files, found in a test file, fail this.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, sentenceRuns, wordsOf } from '../support/copy.js';
import { projectRoot } from '../support/sources.js';

const runLength = 6;

describe('the tests', () => {
  it('hold no sentence of the copy', () => {
    const runs = sentenceRuns(runLength);
    expect(runs.size).toBeGreaterThan(1000);
    const copied: string[] = [];
    for (const path of filesUnder(join(projectRoot, 'test'), (file) => /\.(ts|tsx|md|json|jsonld)$/.test(file))) {
      const words = wordsOf(readFileSync(path, 'utf8'));
      for (let i = 0; i + runLength <= words.length; i++) {
        const run = words.slice(i, i + runLength).join(' ');
        if (runs.has(run)) copied.push(`${relative(projectRoot, path)}: "${run}" (from ${runs.get(run)})`);
      }
    }
    expect(copied).toEqual([]);
  });
});
