// An editor's copy change needs no test change: on a copy of the sources, a
// sentence of every content file and one named as a fact are rewritten, and a
// price, a comparison row's label, an FAQ question and a legal page's date changed, as the
// marketing team would (docs/editing-content.md), and a page added as a folder and one
// line of the route table; then `npm run test:content` builds that copy and passes, untouched.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFiles, proseOf, wordsOf } from '../support/copy.js';
import { copySources, projectRoot } from '../support/sources.js';

const run = promisify(execFile);
const base = mkdtempSync(join(tmpdir(), 'site-copy-edits-'));

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The first whole sentence of six words or more in a file's prose (after a Markdown file's front matter). */
function firstSentence(file: string, text: string): string | undefined {
  const body = file.endsWith('.md') ? text.slice(text.indexOf('\n---', 3) + 4) : text;
  for (const piece of proseOf(file, body)) {
    const sentence = piece.split(/(?<=[.!?])\s+/).find((candidate) => /[.!?]$/.test(candidate) && wordsOf(candidate).length >= 6);
    if (sentence) return sentence;
  }
  return undefined;
}

describe('a copy edit', () => {
  it(
    'of every content file, a price, a row label, an FAQ question, a legal date and a new page passes the content checks',
    { timeout: 600_000 },
    async () => {
      const copy = join(base, 'site');
      await copySources(copy);
      await run('cp', ['-al', join(projectRoot, 'node_modules'), join(copy, 'node_modules')]);
      const edit = (file: string, change: (text: string) => string) => {
        const path = join(copy, file);
        const before = readFileSync(path, 'utf8');
        const after = change(before);
        expect(after, file).not.toBe(before);
        writeFileSync(path, after);
      };

      // A sentence of every content file that has one: the Markdown of each page and of the site-wide copy, and the content modules.
      const edited: string[] = [];
      const contentFiles = copyFiles(copy).filter((file) => /^shared\/(content\/.*\.(ts|md)|pages\/.*\.md)$/.test(file));
      for (const file of contentFiles) {
        const sentence = firstSentence(file, readFileSync(join(copy, file), 'utf8'));
        if (!sentence) continue;
        // Shortened to its first half: a few bytes more in the strings the browser's script carries would fail its size
        // budget (a check that copy can fail, run by test:content), not what this test is about.
        const words = sentence.split(' ');
        const replacement = `${words
          .slice(0, Math.ceil(words.length / 2))
          .join(' ')
          .replace(/[,;:]$/, '')}${sentence.at(-1)}`;
        edit(file, (text) => text.replace(sentence, replacement));
        edited.push(replacement);
      }
      // A label of every labels file (its front matter is all it holds): its words changed, its name kept.
      const labelFiles = contentFiles.filter((file) => file.endsWith('.labels.md'));
      for (const file of labelFiles) edit(file, (text) => text.replace(/^( {2}\w+: )([A-Z][^"{:\n]*)$/m, '$1$2, edited'));
      expect(labelFiles.length).toBeGreaterThan(4);
      expect(contentFiles.filter((file) => file.endsWith('.md')).length).toBeGreaterThan(5);
      // Every Markdown file of copy has a sentence to edit (the content modules have none left: issue 43).
      expect(edited.length).toBeGreaterThanOrEqual(
        contentFiles.filter((file) => file.endsWith('.md') && !labelFiles.includes(file)).length,
      );
      // A sentence the copy names as a fact, in site-wide.shared.md's front matter: cut at its first comma.
      edit('shared/content/site-wide.shared.md', (text) =>
        text.replace(/^( {2}migrationOffer: )([^,\n]+),.*$/m, (_, name: string, start: string) => {
          edited.push(`${start}.`);
          return `${name}${start}.`;
        }),
      );

      // A page's description (its front matter): the banner's summary and the meta description.
      edit('shared/pages/about/about.page.md', (text) =>
        text.replace(/^description: ("?)(.*?)\1$/m, (_, quote: string, words: string) => `description: ${quote}${words} Edited.${quote}`),
      );
      // The cheapest plan's price, a yearly term still a whole number of months.
      edit('shared/content/plans.ts', (text) =>
        text.replace(/monthlyPrice: (\d+),\s*yearlyPrice: (\d+),/, (_, monthly: string, yearly: string) => {
          const months = Number(yearly) / Number(monthly);
          return `monthlyPrice: ${Number(monthly) + 3},\n    yearlyPrice: ${(Number(monthly) + 3) * months},`;
        }),
      );
      // A row of the comparison, renamed (its words swapped: no longer, as the script carries it).
      edit('shared/content/plan-details.labels.md', (text) =>
        text.replace(/^( {2}storage: )(.+)$/m, (_, name: string, label: string) => `${name}${label.split(' ').reverse().join(' ')}`),
      );
      // An FAQ question, reworded.
      edit('shared/pages/shared-hosting/questions.faq.md', (text) => text.replace(/^## /m, '## Edited: '));
      // The Terms' date, a day of the past.
      edit('shared/pages/terms/terms.legal.md', (text) => text.replace(/^updated: .*$/m, 'updated: 2025-01-15'));

      // A new page, as docs/editing-content.md adds one: its folder, and one line in the route table. In a menu: every
      // page is linked from another. Its sentences short of the six words test/unit/copy-in-tests.test.ts looks for.
      const careers = join(copy, 'shared', 'pages', 'careers');
      mkdirSync(careers);
      writeFileSync(
        join(careers, 'careers.page.md'),
        [
          '---',
          'path: /careers',
          'title: Careers',
          'description: Vacancies at the company.',
          'keywords: [careers, vacancies]',
          'menu: services',
          '---',
          '',
        ]
          .concat(['## Vacancies {#vacancies eyebrow="Careers"}', '', 'Vacancies open twice a year.', ''])
          .join('\n'),
      );
      writeFileSync(
        join(careers, 'page.tsx'),
        [
          "import { EndOfFirstPaint } from '../../components/EndOfFirstPaint.js';",
          "import { Section } from '../../components/Section.js';",
          "import { introOf, sectionOf } from '../../content/markdown.js';",
          "import { useSite } from '../../site-config.js';",
          "import copy from './careers.page.md';",
          '',
          'export default function CareersPage() {',
          "  const vacancies = sectionOf(copy, 'vacancies');",
          '  return (',
          '    <>',
          '      <Section id={vacancies.id} eyebrow={vacancies.eyebrow} title={vacancies.title} intro={introOf(vacancies, useSite())} />',
          '      <EndOfFirstPaint />',
          '    </>',
          '  );',
          '}',
          '',
        ].join('\n'),
      );
      edit('shared/routes.ts', (text) => {
        const line = "  await page('careers', import('./pages/careers/careers.page.md'), () => import('./pages/careers/page.js')),\n";
        const at = text.indexOf("  await page('contact'");
        expect(at).toBeGreaterThan(0);
        return text.slice(0, at) + line + text.slice(at);
      });

      const { stdout } = await run('npm', ['run', 'test:content'], {
        cwd: copy,
        env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error: unknown) => {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        throw new Error(`npm run test:content failed on the edited copy:\n${stdout}\n${stderr}`);
      });
      expect(stdout).toMatch(/Tests\s+\d+ passed/);
      // And the edits are what was built and checked.
      const script: string = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')).scripts['test:content'];
      const buildDir = /BUILD_DIR=(\S+)/.exec(script)?.[1] ?? 'dist';
      const server = readFileSync(join(copy, buildDir, 'server', 'index.js'), 'utf8');
      for (const sentence of edited) expect(server).toContain(sentence);
      expect(server).toContain('2025-01-15');
      // The new page is one of the site's: prepared by the build, and in the sitemap at its address.
      const prepared = readdirSync(join(copy, buildDir, 'prepared'))
        .filter((name) => name.endsWith('.identity'))
        .map((name) => readFileSync(join(copy, buildDir, 'prepared', name), 'utf8'));
      expect(prepared.some((body) => body.includes('Vacancies open twice a year.'))).toBe(true);
      expect(prepared.some((body) => /<loc>[^<]*\/careers<\/loc>/.test(body))).toBe(true);
    },
  );
});
