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

describe('npm run test:content', () => {
  const script: string = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).scripts['test:content'];

  it('builds into a folder of its own, never the dist/ or dist/dev/ that npm run dev serves, and tests that build', () => {
    const folders = [...script.matchAll(/BUILD_DIR=(\S+)/g)].map((match) => match[1]!);
    expect(folders).toHaveLength(2);
    expect(new Set(folders).size).toBe(1);
    expect(['dist', 'dist/', 'dist/dev']).not.toContain(folders[0]);
    expect(script).toMatch(/BUILD_DIR=\S+ npm run build && BUILD_DIR=\S+ vitest run /);
  });

  it('runs every test the copy can fail: content, links, structured data, search, size budgets, line breaks and rows of cards', () => {
    for (const file of [
      'test/unit',
      'test/http/content.test.ts',
      'test/http/seo.test.ts',
      'test/http/search.test.ts',
      'test/http/budgets.test.ts',
      'test/search/findings.test.ts',
      'test/browser/copy-layout.test.ts',
    ])
      expect(script.split(' ')).toContain(file);
  });
});
