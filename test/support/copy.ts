// The site's copy as the content files write it: every run of words a visitor
// may read, from the Markdown files and from the string literals of the
// content modules, pages and components. Tests use it to prove that no test
// restates a sentence of it (test/unit/copy-in-tests.test.ts), so that an
// editor's change to the words never fails a test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FactName } from '../../shared/content/facts.js';
import type {
  Block,
  FaqMarkdown,
  Inline,
  LegalMarkdown,
  MarkdownLink,
  MarkdownSection,
  PageMarkdown,
  PageSection,
} from '../../shared/content/markdown.js';
import { runsText } from '../../shared/content/markdown.js';
import type { SiteConfig } from '../../shared/site-config.js';
import { projectRoot } from './sources.js';

/** Where the words a visitor reads are written. */
const copyFolders = ['shared/content', 'shared/pages', 'shared/components'];

export function filesUnder(folder: string, test: (path: string) => boolean): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return filesUnder(path, test);
    return test(path) ? [path] : [];
  });
}

/** Each content file (Markdown, TypeScript, TSX), by path from the project's root. */
export function copyFiles(root = projectRoot): string[] {
  return copyFolders
    .flatMap((folder) => filesUnder(join(root, folder), (path) => /\.(md|ts|tsx)$/.test(path)))
    .map((path) => relative(root, path));
}

/**
 * The prose of one content file, as pieces of text between which a sentence
 * cannot run: a Markdown file's lines but its comments (its headings' ids and
 * the facts it names cut them), a module's string literals (their
 * interpolations cut them).
 */
export function proseOf(path: string, text: string): string[] {
  if (path.endsWith('.md')) {
    // A comment (<!-- … -->), and in a labels file a line starting with #, is a note to the next editor, never shown.
    const notes = path.endsWith('.labels.md') ? /<!--[\s\S]*?-->|^\s*#.*$/gm : /<!--[\s\S]*?-->/g;
    return text
      .replace(notes, '')
      .split('\n')
      .flatMap((line) => line.replace(/^(#+|-|\w+:)\s/, '').split(/\{\{[^}]*\}\}|\{[^}]*\}|\]\([^)]*\)/));
  }
  const literals = [...text.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)];
  return (
    literals
      // A developer's error message is not copy, nor is a pattern.
      .filter((match) => !text.slice(Math.max(0, match.index - 12), match.index).includes('Error('))
      .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
      .filter((literal) => !/[\\[\]^|]/.test(literal))
      .flatMap((literal) => literal.split(/\$\{[^}]*\}/))
  );
}

/** Words as a reader tells them apart: letters, digits and apostrophes, in lower case. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
}

/** Every run of `length` words within one sentence of the content files' prose, each with the file it is in. */
export function sentenceRuns(length: number, root = projectRoot): Map<string, string> {
  const runs = new Map<string, string>();
  for (const file of copyFiles(root)) {
    for (const piece of proseOf(file, readFileSync(join(root, file), 'utf8'))) {
      for (const sentence of piece.split(/[.!?;:]\s/)) {
        const words = wordsOf(sentence);
        for (let i = 0; i + length <= words.length; i++) runs.set(words.slice(i, i + length).join(' '), file);
      }
    }
  }
  return runs;
}

/** A Markdown file's text as a visitor reads it, one piece per title, paragraph and list item, facts filled in. */
export function markdownPieces(copy: LegalMarkdown | FaqMarkdown | Pick<PageMarkdown, 'sections'>, site: SiteConfig): string[] {
  const inline = (inlines: Inline[]): string =>
    inlines
      .map((part) => {
        if (typeof part === 'string' || 'fact' in part) return runsText([part], site);
        return inline('href' in part ? part.children : 'strong' in part ? part.strong : part.emphasis);
      })
      .join('');
  const blocks = (list: Block[]) => list.flatMap((block) => ('paragraph' in block ? [inline(block.paragraph)] : block.list.map(inline)));
  const sections = 'questions' in copy ? copy.questions : copy.sections;
  const eyebrow = (section: MarkdownSection) => (section as Partial<PageSection>).eyebrow;
  const pieces = sections.flatMap((section) => [
    ...(eyebrow(section) === undefined ? [] : [eyebrow(section)!]),
    section.title,
    ...blocks(section.blocks),
    ...((section as Partial<PageSection>).cards ?? []).flatMap((card) => [runsText(card.title, site), ...blocks(card.blocks)]),
  ]);
  // The party line is shown only beside a configured legal identity: test/http/legal-identity.test.ts.
  return 'intro' in copy ? [runsText(copy.intro, site), ...pieces] : pieces;
}

/** Whether `text` holds `piece`'s words in a row, however elements space or break them. */
export function holdsWords(text: string, piece: string): boolean {
  return ` ${wordsOf(text).join(' ')} `.includes(` ${wordsOf(piece).join(' ')} `);
}

function inlinesOf(blocks: Block[]): Inline[] {
  const all: Inline[] = [];
  const walk = (inlines: Inline[]) => {
    for (const part of inlines) {
      all.push(part);
      if (typeof part !== 'string' && !('fact' in part))
        walk('href' in part ? part.children : 'strong' in part ? part.strong : part.emphasis);
    }
  };
  for (const block of blocks) for (const inlines of 'paragraph' in block ? [block.paragraph] : block.list) walk(inlines);
  return all;
}

/** The facts a Markdown text names as {{name}}. */
export function factsNamed(blocks: Block[]): FactName[] {
  return inlinesOf(blocks).flatMap((part) => (typeof part !== 'string' && 'fact' in part ? [part.fact] : []));
}

/** The links a Markdown text writes, wherever they stand (a paragraph, a list item, inside emphasis). */
export function linksIn(blocks: Block[]): MarkdownLink[] {
  return inlinesOf(blocks).flatMap((part) => (typeof part !== 'string' && 'href' in part ? [part] : []));
}

/** Figures written into the words themselves, where a {{fact}} should state them. */
export function literalFigures(blocks: Block[]): string[] {
  return inlinesOf(blocks).flatMap((part) => (typeof part === 'string' ? (part.match(/\$?\d[\d.,]*%?/g) ?? []) : []));
}
