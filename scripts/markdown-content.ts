// Markdown copy (`*.legal.md`, `*.faq.md`, `*.page.md`, `*.shared.md`, `*.labels.md`) compiled into the data the pages
// render (shared/content/markdown.ts), at build time: by esbuild for the server
// bundle, by vite when the tests import a page, and by a module hook for the
// scripts run with tsx. A file that breaks its schema stops all three with
// "file:line: field: what is wrong". Why Markdown is read this way:
// docs/decisions/024-markdown-copy.md.
import type { Plugin as EsbuildPlugin, PartialMessage } from 'esbuild';
import type { Heading, List, ListItem, PhrasingContent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { isMap, isScalar, parseDocument } from 'yaml';
import { z } from 'zod';
import { factNames, isFactName } from '../shared/content/fact-names.js';
import { featureIconNames, type FeatureIconName } from '../shared/content/icons.js';
import { labelFiles as islandLabelFiles } from '../shared/content/labels.js';
import { serverLabelFiles } from '../shared/content/server-labels.js';
import type {
  Block,
  FaqMarkdown,
  HeadMarkdown,
  Inline,
  LegalAnalytics,
  LegalMarkdown,
  MarkdownCard,
  PageMarkdown,
  PageSection,
  SharedMarkdown,
  TextRun,
} from '../shared/content/markdown.js';
import { configuredAddresses, isConfiguredAddress, isPortalPage, portalPages } from '../shared/links.js';

/** A fault in a Markdown file, placed at its line. */
export class MarkdownContentError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    field: string,
    problem: string,
  ) {
    super(`${file}:${line}: ${field}: ${problem}`);
    this.name = 'MarkdownContentError';
  }
}

const isoDate = z
  .string({ error: 'must be a date written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((date) => {
    const day = new Date(`${date}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date);
  }, 'is not a day of the calendar');
const line = z.string({ error: 'must be one line of text' }).trim().min(1, 'must not be empty');
/** A legal document's date is the day it changed: one still to come would tell visitors of terms not yet in force. */
const pastDate = isoDate.refine((date) => date <= new Date().toISOString().slice(0, 10), {
  error: () => `is after today (${new Date().toISOString().slice(0, 10)}): write the day the change was made`,
});

/** What every page's front matter says of it (shared/content/markdown.ts, HeadMarkdown). */
const headFields = {
  path: z
    .string({ error: "must be the page's address, as /services/domains" })
    .regex(
      /^(\*|\/|(\/[a-z0-9]+(-[a-z0-9]+)*)+)$/,
      'must be the page\'s address: a / before each part, lower-case words joined by -, as /services/domains (the not-found page\'s is "*")',
    ),
  title: line,
  description: line,
  keywords: z.array(line, { error: 'must be a list of words, as [one, two]' }).min(1, 'must name at least one'),
  bannerTitle: line.optional(),
  bannerLink: z
    .strictObject(
      { label: line, href: z.string().regex(/^#[a-z][a-z0-9-]*$/, 'must be #id, the id of a section on the page') },
      { error: 'must be { label: Words on the link, href: "#section-id" }' },
    )
    .optional(),
  label: line.optional(),
  menu: z.enum(['main', 'services'], { error: 'must be main (the top bar) or services (the Services group)' }).optional(),
  crumb: line.optional(),
};

/**
 * A control's words (shared/content/labels.ts): one line, kept as written (a topic's message ends in a space), holding
 * exactly the {placeholders} the control fills.
 */
function label(slots: readonly string[]) {
  const named = (slot: string) => `{${slot}}`;
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'write the words the control shows'
          : typeof issue.input === 'object'
            ? 'a value starting with { is written in double quotes, "{count} results"'
            : 'must be one line of text',
    })
    .refine((text) => text.trim() !== '', 'must not be empty')
    .refine((text) => !text.includes('\n'), 'must be one line of text')
    .superRefine((text, context) => {
      const written = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const stray = written.find((name) => !slots.includes(name));
      const missing = slots.find((slot) => !written.includes(slot));
      const fills = slots.length ? `it fills ${slots.map(named).join(' and ')}` : 'it fills none';
      if (stray !== undefined) context.addIssue({ code: 'custom', message: `names ${named(stray)}, which nothing fills here (${fills})` });
      else if (missing !== undefined)
        context.addIssue({ code: 'custom', message: `must name ${named(missing)}, filled in where it shows` });
    });
}

/** A labels file's schema: its groups, each of its labels. */
function labelsSchema(groups: Record<string, Record<string, readonly string[]>>) {
  return z.strictObject(
    Object.fromEntries(
      Object.entries(groups).map(([group, keys]) => [
        group,
        z.strictObject(Object.fromEntries(Object.entries(keys).map(([key, slots]) => [key, label(slots)])), {
          error: 'must be a group of labels, one "name: Words" a line under it',
        }),
      ]),
    ),
  );
}

const frontMatterSchemas = {
  legal: z.strictObject({
    ...headFields,
    updated: pastDate,
    party: line,
    intro: line,
    // The Privacy Policy's paragraph on analytics, by configuration (shared/content/facts.ts, analyticsPolicy).
    analytics: z
      .strictObject(
        { none: line, askFirst: line, noAsking: line, what: line, choice: line },
        { error: "must be a group of the paragraph's parts: none, askFirst, noAsking, what, choice" },
      )
      .optional(),
  }),
  faq: z.strictObject({}),
  page: z.strictObject(headFields),
  // Copy that several pages show in the same words (a page's component places each section), and the sentences the
  // copy names as {{name}} (shared/content/facts.ts reads both blocks).
  shared: z.strictObject({
    sentences: z.strictObject(
      { planChanges: line, migrationOffer: line, responsePromise: line },
      { error: 'must be a group of the sentences named in the copy: planChanges, migrationOffer, responsePromise' },
    ),
    supportChannels: z.strictObject(
      { withChat: line, withoutChat: line },
      { error: 'must be a group of the two ways to say how visitors reach support: withChat, withoutChat' },
    ),
  }),
  // The words of the site's controls: each file's schema is its own (shared/content/labels.ts, labelSchemaOf).
  labels: z.strictObject({}),
};

type Kind = keyof typeof frontMatterSchemas;

const pagesFolder = join(import.meta.dirname, '..', 'shared', 'pages');

/** The front matter between `---` lines at a file's start: its text (none when empty), the body after it. */
const frontMatterBlock = /^---\r?\n([\s\S]*?\r?\n)?---(?:\r?\n|$)/;

/**
 * The site's addresses, each with the first page's copy that claims it: the `path` of every page's front matter
 * (shared/pages/<id>/), read again for each build (and for each file compiled outside one) so that a page added or
 * moved while `npm run dev` runs is known at once.
 */
function sitePaths(): Map<string, string> {
  const paths = new Map<string, string>();
  for (const folder of readdirSync(pagesFolder, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const name of readdirSync(join(pagesFolder, folder.name)).filter((file) => /\.(page|legal)\.md$/.test(file))) {
      const file = join(pagesFolder, folder.name, name);
      const front = frontMatterBlock.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
      const path: unknown = parseDocument(front).get('path');
      if (typeof path === 'string' && !paths.has(path)) paths.set(path, file);
    }
  }
  return paths;
}

/** Every labels file's schema: those the islands read too (shared/content/labels.ts), and the server's alone. */
const labelFiles = { ...islandLabelFiles, ...serverLabelFiles };
type LabelFile = keyof typeof labelFiles;

/** Which labels file `<name>.labels.md` is, by its name; undefined for a name shared/content/labels.ts and server-labels.ts do not list. */
function labelFileOf(path: string): LabelFile | undefined {
  const name = /([^/\\]+)\.labels\.md$/.exec(path)?.[1] ?? '';
  return Object.hasOwn(labelFiles, name) ? (name as LabelFile) : undefined;
}

/** The schema of `<name>.labels.md`, by its name. */
function labelSchemaOf(file: string) {
  const labelFile = labelFileOf(file);
  if (labelFile === undefined) {
    const names = Object.keys(labelFiles).map((known) => `${known}.labels.md`);
    throw new MarkdownContentError(
      file,
      1,
      'file name',
      `a labels file is one of ${names.join(', ')} (shared/content/labels.ts, server-labels.ts)`,
    );
  }
  return labelsSchema(labelFiles[labelFile]);
}

/** The words of the site's controls (`*.labels.md`): its front matter alone, validated against shared/content/labels.ts. */
export function compileLabels(file: string, text: string): Record<string, Record<string, string>> {
  const { data, bodyLine, body } = frontMatter(file, text, 'labels', labelSchemaOf(file));
  const stray = body.search(/\S/);
  if (stray >= 0) {
    const line = bodyLine + countLines(body.slice(0, stray));
    throw new MarkdownContentError(
      file,
      line,
      'text',
      'the labels are the front matter alone: move this between the "---" lines, as name: Words',
    );
  }
  return data as Record<string, Record<string, string>>;
}

/**
 * Compiles one Markdown file's text into its data; `file` names it in errors and picks its schema by suffix. Its links
 * and its own path are checked against `addresses` (sitePaths), which a build reads once for all its files.
 */
export function compileMarkdown(
  file: string,
  text: string,
  addresses: Map<string, string> = sitePaths(),
): LegalMarkdown | FaqMarkdown | PageMarkdown | SharedMarkdown {
  const kind = kindOf(file);
  if (kind === 'labels') throw new Error(`${file} holds labels: compileLabels reads it`);
  const { data, fieldLines, bodyLine, body } = frontMatter(file, text, kind);
  // Only a page's copy has cards (### headings); the sections of the others are text alone.
  const headingLines = new Map<string, number>();
  const tree = fromMarkdown(body);
  const withCards = sectionsOf(file, tree, bodyLine - 1, kind === 'page' || kind === 'shared', headingLines);
  checkLinks(file, tree, bodyLine - 1, addresses);
  if (kind === 'shared') {
    const { sentences, supportChannels } = data as z.infer<(typeof frontMatterSchemas)['shared']>;
    return {
      sections: withCards,
      sentences: namedSentences(file, fieldLines, 'sentences', sentences),
      supportChannels: namedSentences(file, fieldLines, 'supportChannels', supportChannels),
    };
  }
  if (kind === 'page') return { head: headOf(file, data as HeadFields, fieldLines, addresses), sections: withCards };
  const sections = withCards.map(({ source, id, title, blocks }) => ({ source, id, title, blocks }));
  for (const section of sections) {
    if (section.blocks.length === 0) {
      const problem = kind === 'faq' ? 'a question needs its answer under it' : 'a section needs its text under it';
      throw new MarkdownContentError(file, headingLines.get(section.id) ?? 1, 'text', `"${section.id}": ${problem}`);
    }
  }
  if (kind === 'faq') return { questions: sections };
  const legal = data as z.infer<(typeof frontMatterSchemas)['legal']>;
  const analytics = legal.analytics;
  return {
    head: headOf(file, legal, fieldLines, addresses),
    ...(analytics === undefined
      ? {}
      : {
          analytics: Object.fromEntries(
            Object.entries(analytics).map(([part, text]) => {
              const field = `analytics.${part}`;
              return [part, textRuns(file, fieldLines.get(field) ?? 1, field, text)];
            }),
          ) as unknown as LegalAnalytics,
        }),
    updated: legal.updated,
    party: legal.party,
    intro: textRuns(file, fieldLines.get('intro') ?? 1, 'intro', legal.intro),
    sections,
  };
}

/** The facts that are sentences of a shared file: one of them naming another could name itself, in a circle. */
const sentenceFacts = new Set<string>([...Object.keys(frontMatterSchemas.shared.shape.sentences.shape), 'supportChannels']);

/** A shared file's block of sentences, each as words and facts, and none naming another of these sentences. */
function namedSentences<Part extends string>(
  file: string,
  fieldLines: Map<string, number>,
  block: string,
  parts: Record<Part, string>,
): Record<Part, TextRun[]> {
  const entries = Object.entries<string>(parts).map(([part, text]) => {
    const field = `${block}.${part}`;
    const at = fieldLines.get(field) ?? 1;
    const runs = textRuns(file, at, field, text);
    const named = runs.find((run) => typeof run !== 'string' && sentenceFacts.has(run.fact));
    if (named !== undefined && typeof named !== 'string') {
      throw new MarkdownContentError(file, at, field, `{{${named.fact}}} is a sentence of this file: write its words, not its name`);
    }
    return [part, runs];
  });
  return Object.fromEntries(entries) as Record<Part, TextRun[]>;
}

type HeadFields = z.infer<(typeof frontMatterSchemas)['page']>;

function headOf(file: string, fields: HeadFields, fieldLines: Map<string, number>, addresses: Map<string, string>): HeadMarkdown {
  const { path, title, description, keywords, bannerTitle, bannerLink, label, menu, crumb } = fields;
  const owner = addresses.get(path);
  if (owner !== undefined && owner !== resolve(file)) {
    throw new MarkdownContentError(
      file,
      fieldLines.get('path') ?? 1,
      'path',
      `${path} is the address of ${relative(process.cwd(), owner)} too`,
    );
  }
  return {
    path,
    title,
    description: textRuns(file, fieldLines.get('description') ?? 1, 'description', description),
    keywords,
    label: label ?? bannerTitle ?? title,
    ...(menu === undefined ? {} : { menu }),
    ...(crumb === undefined ? {} : { crumb }),
    ...(bannerTitle === undefined ? {} : { bannerTitle }),
    ...(bannerLink === undefined ? {} : { bannerLink }),
  };
}

function kindOf(file: string): Kind {
  const kind = /\.(\w+)\.md$/.exec(file)?.[1];
  if (kind === undefined || !Object.hasOwn(frontMatterSchemas, kind)) {
    throw new MarkdownContentError(
      file,
      1,
      'file name',
      `must end in ${Object.keys(frontMatterSchemas)
        .map((k) => `.${k}.md`)
        .join(' or ')}`,
    );
  }
  return kind as Kind;
}

/** The front matter between `---` lines, validated; the body and the line it starts on. */
function frontMatter(file: string, text: string, kind: Kind, schema: z.ZodObject = frontMatterSchemas[kind]) {
  const match = frontMatterBlock.exec(text);
  if (!match && /^---\r?\n/.test(text)) {
    throw new MarkdownContentError(file, 1, 'front matter', 'opens with "---" here but no "---" line closes it');
  }
  if (!match) throw new MarkdownContentError(file, 1, 'front matter', 'must open the file between two "---" lines');
  const yamlText = match[1] ?? '';
  const lineAt = (offset: number) => 2 + countLines(yamlText.slice(0, offset));
  const document = parseDocument(yamlText);
  const [yamlError] = document.errors;
  if (yamlError) {
    // YAML's own words, without its position (counted from the front matter, not the file), and the usual cause.
    const problem = yamlError.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    const lineText = yamlText.slice(0, yamlError.pos[0]).split('\n').at(-1)! + yamlText.slice(yamlError.pos[0]).split('\n')[0]!;
    const hint =
      yamlError.code === 'BLOCK_AS_IMPLICIT_KEY'
        ? ': a value holding ": " is written in double quotes, "like: this"'
        : /:\s+\{/.test(lineText)
          ? ': a value starting with { is written in double quotes, "{count} results"'
          : '';
    throw new MarkdownContentError(file, lineAt(yamlError.pos[0]), 'front matter', `${problem}${hint}`);
  }
  const fieldLines = new Map<string, number>();
  if (isMap(document.contents)) {
    for (const pair of document.contents.items) {
      if (!isScalar(pair.key) || !pair.key.range) continue;
      const field = String(pair.key.value);
      fieldLines.set(field, lineAt(pair.key.range[0]));
      // A group's fields (the labels) are placed too, by their path.
      if (isMap(pair.value)) {
        for (const inner of pair.value.items) {
          if (isScalar(inner.key) && inner.key.range) fieldLines.set(`${field}.${String(inner.key.value)}`, lineAt(inner.key.range[0]));
        }
      }
      // " #" starts a note that is never shown: "Rated the #1 team" would silently become "Rated the".
      if (isScalar(pair.value) && pair.value.comment !== undefined && pair.value.type === 'PLAIN') {
        throw new MarkdownContentError(
          file,
          lineAt(pair.key.range[0]),
          field,
          `stops at " #" (${JSON.stringify(String(pair.value.value))}): a # after a space starts a note, never shown; write the value in double quotes, "…"`,
        );
      }
    }
  }
  const values = (document.toJS() ?? {}) as Record<string, unknown>;
  // A field the file does not take, named first: a misspelt one would otherwise be reported as the one it meant, missing.
  const known = Object.keys(schema.shape);
  const unknownField = Object.keys(values).find((field) => !known.includes(field));
  if (unknownField !== undefined) {
    throw new MarkdownContentError(
      file,
      fieldLines.get(unknownField) ?? 1,
      unknownField,
      unknownFieldMessage(unknownField, known, 'this file'),
    );
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    // A misspelt label is named as such, not as the one it meant, missing.
    const { issues } = parsed.error;
    const issue = issues.find((candidate) => candidate.code === 'unrecognized_keys') ?? issues[0]!;
    const field = String(issue.path[0] ?? 'front matter');
    if (issue.code === 'unrecognized_keys') {
      // A field inside a group (a label) that the group does not take, named with the nearest one it does.
      const group = issue.path.join('.');
      const stray = issue.keys[0]!;
      const inner = schema.shape[group];
      const takes = inner instanceof z.ZodObject ? Object.keys(inner.shape) : [];
      const named = `${group}.${stray}`;
      throw new MarkdownContentError(
        file,
        fieldLines.get(named) ?? fieldLines.get(group) ?? 1,
        named,
        unknownFieldMessage(stray, takes, group),
      );
    }
    // A field inside another (bannerLink's href) is named by its path, and shown as written.
    const written = issue.path.reduce<unknown>((value, key) => (value as Record<PropertyKey, unknown> | undefined)?.[key], values);
    const shown = written === undefined ? issue.message : `${JSON.stringify(written)} ${issue.message}`;
    const named = issue.path.length > 1 ? issue.path.join('.') : field;
    const missing = !fieldLines.has(named);
    const line = fieldLines.get(named) ?? fieldLines.get(field) ?? 1;
    throw new MarkdownContentError(file, line, named, missing && written === undefined ? `is required: ${issue.message}` : shown);
  }
  return { data: parsed.data, fieldLines, body: text.slice(match[0].length), bodyLine: 1 + countLines(match[0]) };
}

/** A field that `whose` (the file, or a group of it) does not take: the nearest one it does, else all it takes. */
function unknownFieldMessage(field: string, known: string[], whose: string): string {
  const near = nearest(field, known);
  const hint = near ? `, did you mean ${near}?` : known.length ? ` (${whose} takes ${known.join(', ')})` : ` (${whose} takes none)`;
  return `unknown field ${field}${hint}`;
}

function countLines(text: string): number {
  return text.split('\n').length - 1;
}

/**
 * `## Title {#id}` headings, each with the paragraphs and lists under it, and
 * (in a page's copy) its `### Card` headings; `idLines` gets each heading's line.
 */
function sectionsOf(file: string, tree: Root, lineOffset: number, cardsAllowed: boolean, idLines: Map<string, number>): PageSection[] {
  const sections: PageSection[] = [];
  for (const node of tree.children) {
    const at = lineOffset + (node.position?.start.line ?? 1);
    if (node.type === 'heading' && node.depth === 2) {
      const { id, title, eyebrow } = headingOf(file, at, node, cardsAllowed);
      const earlier = idLines.get(id);
      if (earlier !== undefined)
        throw new MarkdownContentError(file, at, 'id', `"${id}" is already the id of the section on line ${earlier}`);
      idLines.set(id, at);
      sections.push({ source: `${file}:${at}`, id, title, ...(eyebrow === undefined ? {} : { eyebrow }), blocks: [], cards: [] });
      continue;
    }
    // A comment (<!-- … -->) is a note to whoever edits the file: never shown.
    if (node.type === 'html' && /^<!--[\s\S]*-->$/.test(node.value.trim())) continue;
    const section = sections.at(-1);
    if (!section) throw new MarkdownContentError(file, at, 'section', 'text must come under a "## Title {#id}" heading');
    if (node.type === 'heading' && node.depth === 3 && cardsAllowed) {
      section.cards.push(cardOf(file, at, node));
      continue;
    }
    (section.cards.at(-1) ?? section).blocks.push(blockOf(file, at, node, lineOffset));
  }
  return sections;
}

/** `## Title {#id}`, and in a page's copy `## Title {#id eyebrow="Short line above it"}`. */
function headingOf(file: string, at: number, heading: Heading, eyebrowAllowed: boolean) {
  const [only, ...rest] = heading.children;
  if (only?.type !== 'text' || rest.length > 0) throw new MarkdownContentError(file, at, 'title', 'a heading is plain text, then {#id}');
  const match = /^(.*\S)\s*\{#(\S*)((?:\s+[^}]*)?)\}$/.exec(only.value);
  if (!match) throw new MarkdownContentError(file, at, 'id', 'a section heading ends with its id, as {#section-id}');
  const [, title, id, attributes] = match as unknown as [string, string, string, string];
  if (!/^[a-z][a-z0-9-]*$/.test(id))
    throw new MarkdownContentError(file, at, 'id', `"${id}" must be lower-case letters, digits and hyphens`);
  if (attributes.trim() === '') return { id, title };
  const eyebrow = /^\s+eyebrow="([^"]*\S[^"]*)"$/.exec(attributes)?.[1];
  if (eyebrow === undefined || !eyebrowAllowed) {
    const takes = eyebrowAllowed ? 'a section takes {#id}, or {#id eyebrow="Short line"}' : 'a section here takes {#id} alone';
    throw new MarkdownContentError(file, at, 'title', `"${attributes.trim()}": ${takes}`);
  }
  return { id, title, eyebrow: eyebrow.trim() };
}

/** `### Title`, with `{#id}` for a card a page finds by id, and `{icon=name}` for one drawn with an icon. */
function cardOf(file: string, at: number, heading: Heading): MarkdownCard {
  const [only, ...rest] = heading.children;
  if (only?.type !== 'text' || rest.length > 0) throw new MarkdownContentError(file, at, 'title', 'a card heading is plain text');
  const [, title, attributes = ''] = /^(.*?)(?:\s*\{([^}]*)\})?$/.exec(only.value) as unknown as [string, string, string | undefined];
  const card: MarkdownCard = { source: `${file}:${at}`, title: textRuns(file, at, 'title', title), blocks: [] };
  for (const attribute of attributes.split(/\s+/).filter(Boolean)) {
    const [, id] = /^#([a-z][a-z0-9-]*)$/.exec(attribute) ?? [];
    const [, icon] = /^icon=(.*)$/.exec(attribute) ?? [];
    if (id) card.id = id;
    else if (icon === undefined) throw new MarkdownContentError(file, at, 'title', `"{${attribute}}": a card takes {#id} and {icon=name}`);
    else if (isIconName(icon)) card.icon = icon;
    else throw new MarkdownContentError(file, at, 'icon', `"${icon}" is not one of ${featureIconNames.join(', ')}`);
  }
  return card;
}

function isIconName(name: string): name is FeatureIconName {
  return (featureIconNames as readonly string[]).includes(name);
}

function blockOf(file: string, at: number, node: RootContent, lineOffset: number): Block {
  if (node.type === 'paragraph') return { paragraph: inlinesOf(file, lineOffset, node.children) };
  if (node.type === 'list' && !node.ordered) return { list: listItems(file, lineOffset, node) };
  throw new MarkdownContentError(
    file,
    at,
    'text',
    `${node.type === 'heading' ? `a level-${node.depth} heading` : `"${node.type}"`} is not used on the site: write paragraphs, bulleted lists and "## Title {#id}" headings`,
  );
}

function listItems(file: string, lineOffset: number, list: List): Inline[][] {
  return list.children.map((item: ListItem) => {
    const [paragraph, ...rest] = item.children;
    if (paragraph?.type !== 'paragraph' || rest.length > 0) {
      throw new MarkdownContentError(file, lineOffset + (item.position?.start.line ?? 1), 'text', 'a list item is one paragraph');
    }
    return inlinesOf(file, lineOffset, paragraph.children);
  });
}

function inlinesOf(file: string, lineOffset: number, nodes: PhrasingContent[]): Inline[] {
  return nodes.flatMap((node): Inline[] => {
    const at = lineOffset + (node.position?.start.line ?? 1);
    switch (node.type) {
      case 'text':
        return textRuns(file, at, 'text', node.value.replace(/\s*\n\s*/g, ' '));
      case 'strong':
        return [{ strong: inlinesOf(file, lineOffset, node.children) }];
      case 'emphasis':
        return [{ emphasis: inlinesOf(file, lineOffset, node.children) }];
      case 'link':
        // A title ([words](/path "more words")) ends the link's name for screen readers, unseen.
        return [{ href: node.url, children: inlinesOf(file, lineOffset, node.children), ...(node.title ? { title: node.title } : {}) }];
      default:
        throw new MarkdownContentError(
          file,
          at,
          'text',
          `"${node.type}" is not used on the site: write text, **strong**, *emphasis* and [links](/path)`,
        );
    }
  });
}

/** Words, and the facts they name as {{name}}, each checked against the table of facts. */
function textRuns(file: string, at: number, field: string, text: string): TextRun[] {
  const runs: TextRun[] = [];
  let rest = text;
  for (let match = /\{\{\s*([^}]*?)\s*\}\}/.exec(rest); match; match = /\{\{\s*([^}]*?)\s*\}\}/.exec(rest)) {
    const name = match[1]!;
    if (!isFactName(name)) {
      const near = nearest(name, factNames);
      const hint = near ? ` (did you mean {{${near}}}?)` : '';
      throw new MarkdownContentError(file, at, field, `{{${name}}} is not a fact of shared/content/facts.ts${hint}`);
    }
    const before = rest.slice(0, match.index);
    checkNoBraces(file, at, field, before);
    if (before) runs.push(before);
    runs.push({ fact: name });
    rest = rest.slice(match.index + match[0].length);
  }
  checkNoBraces(file, at, field, rest);
  if (rest) runs.push(rest);
  return runs;
}

/** A brace outside a whole {{name}} is a fact written wrongly ({name}, {{name}): it would be shown as it is. */
function checkNoBraces(file: string, at: number, field: string, text: string): void {
  const brace = /\{+[^{}\s]*\}*|\}+/.exec(text);
  if (brace) throw new MarkdownContentError(file, at, field, `"${brace[0]}": a fact is written {{name}}, with two braces each side`);
}

/** The name a mistyped one most likely meant: the same but for case, or one or two letters off. */
function nearest(name: string, names: readonly string[]): string | undefined {
  const distance = (a: string, b: string): number => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row = next;
    }
    return row[b.length]!;
  };
  const lower = name.toLowerCase();
  const [best] = names
    .map((candidate) => ({ candidate, off: distance(lower, candidate.toLowerCase()) }))
    .filter(({ off }) => off <= 2)
    .sort((a, b) => a.off - b.off);
  return best?.candidate;
}

/**
 * A link leads to a page of the site (its path, perhaps with a #section), a page of the client portal (portal:name),
 * an address from the configuration (config:name), or outside over http(s) or mail.
 */
function checkLink(file: string, at: number, url: string, addresses: Map<string, string>): void {
  if (/^(https?:\/\/|mailto:)/.test(url)) return;
  const named = (scheme: string, names: readonly string[], known: (name: string) => boolean, what: string): void => {
    const name = url.slice(scheme.length + 1);
    if (known(name)) return;
    const near = nearest(name, names);
    throw new MarkdownContentError(
      file,
      at,
      'link',
      `"${url}" is not ${what}${near ? ` (did you mean ${scheme}:${near}?)` : ` (shared/links.ts: ${names.join(', ')})`}`,
    );
  };
  if (url.startsWith('portal:')) return named('portal', portalPages, isPortalPage, 'a page of the client portal');
  if (url.startsWith('config:')) return named('config', configuredAddresses, isConfiguredAddress, 'an address the configuration gives');
  const path = url.split('#')[0]!;
  // The not-found page's `*` is no address.
  if (url.startsWith('/') && path !== '*' && addresses.has(path)) return;
  throw new MarkdownContentError(
    file,
    at,
    'link',
    `"${url}" is not a page of the site (the path of a page's front matter), a portal:page, a config:address, or an http(s) or mailto address`,
  );
}

/** Every link in a file's body, in order, checked (checkLink). */
function checkLinks(file: string, node: Root | RootContent, lineOffset: number, addresses: Map<string, string>): void {
  if (node.type === 'link') checkLink(file, lineOffset + (node.position?.start.line ?? 1), node.url, addresses);
  if ('children' in node) for (const child of node.children) checkLinks(file, child, lineOffset, addresses);
}

/** The module a Markdown file becomes: its data as the default export (`addresses`: as compileMarkdown's). */
export function markdownModule(path: string, text: string, addresses?: Map<string, string>): string {
  const file = relative(process.cwd(), path);
  const kind = kindOf(file);
  if (kind === 'legal') {
    // The analytics paragraph an export of its own too: the facts read it, and a bundle keeps it without the document.
    const { analytics, ...document } = compileMarkdown(file, text, addresses) as LegalMarkdown;
    return `export const analytics = ${JSON.stringify(analytics)};\nexport default ${JSON.stringify(document)};\n`;
  }
  if (kind === 'shared') {
    // The two blocks exports of their own, as a legal file's analytics: the facts read them, and a bundle keeps them
    // without the sections.
    const { sentences, supportChannels, ...document } = compileMarkdown(file, text, addresses) as SharedMarkdown;
    return [
      `export const sentences = ${JSON.stringify(sentences)};\n`,
      `export const supportChannels = ${JSON.stringify(supportChannels)};\n`,
      `export default ${JSON.stringify(document)};\n`,
    ].join('');
  }
  if (kind !== 'labels') return `export default ${JSON.stringify(compileMarkdown(file, text, addresses))};\n`;
  // Each group its own export, so that a bundle keeps only the groups its code reads.
  const data = compileLabels(file, text);
  const groups = Object.entries(data).map(([group, words]) => `export const ${group} = ${JSON.stringify(words)};\n`);
  return `${groups.join('')}export default { ${Object.keys(data).join(', ')} };\n`;
}

/** A module with the exports of a Markdown file that failed: a labels file's groups, empty, or an undefined default. */
function standInModule(path: string): string {
  const labelFile = labelFileOf(path);
  const groups = labelFile === undefined ? [] : Object.keys(labelFiles[labelFile]);
  const legal = /\.legal\.md$/.test(path) ? 'export const analytics = undefined;\n' : '';
  const shared = /\.shared\.md$/.test(path) ? 'export const sentences = undefined;\nexport const supportChannels = undefined;\n' : '';
  return `${legal}${shared}${groups.map((group) => `export const ${group} = {};\n`).join('')}export default undefined;\n`;
}

/**
 * For esbuild (scripts/build.ts, scripts/dev.ts): a `.md` import becomes its
 * data, or the build fails naming the file and line. The faults are reported
 * when the build ends, not from the file's load: esbuild shows an error
 * returned by a load beside the module that imports the file (a page's
 * route table), which says nothing to the person who edited the Markdown
 * (docs/decisions/036-markdown-faults-at-build-end.md).
 */
export function markdownContentPlugin(): EsbuildPlugin {
  return {
    name: 'markdown-content',
    setup(build) {
      let faults: PartialMessage[] = [];
      // esbuild loads every file again on each rebuild of a context (`npm run dev`), and compiling the Markdown was
      // most of a rebuild. A file's module follows from its text and the site's addresses (its links, its own path):
      // with both as they were, it is the module of the last build.
      const compiled = new Map<string, { source: string; contents: string }>();
      let addresses = new Map<string, string>();
      let addressesKey = '';
      build.onStart(() => {
        faults = [];
        addresses = sitePaths();
        addressesKey = JSON.stringify([...addresses]);
      });
      build.onLoad({ filter: /\.md$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        const source = `${addressesKey}\n${text}`;
        const last = compiled.get(args.path);
        if (last?.source === source) return { contents: last.contents, loader: 'js', watchFiles: [args.path] };
        try {
          const contents = markdownModule(args.path, text, addresses);
          compiled.set(args.path, { source, contents });
          return { contents, loader: 'js', watchFiles: [args.path] };
        } catch (error) {
          if (!(error instanceof MarkdownContentError)) throw error;
          const lineText = text.split(/\r?\n/)[error.line - 1] ?? '';
          faults.push({
            text: error.message,
            location: { file: error.file, line: error.line, column: 0, length: lineText.length, lineText },
          });
          // Stands in until the build ends, failed, with the fault: the exports the importers name, so that the fault is
          // the one message the build gives.
          return { contents: standInModule(args.path), loader: 'js', watchFiles: [args.path] };
        }
      });
      // A page is a folder and its line in the route table: a folder without one would build, and be no page. Read again
      // whenever a folder comes or goes (watchDirs), so that `npm run dev` says so at once.
      build.onLoad({ filter: /[\\/]shared[\\/]routes\.ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        for (const folder of readdirSync(pagesFolder, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
          const id = folder.name;
          if (text.includes(`'./pages/${id}/page.js'`)) continue;
          faults.push({
            text:
              `shared/pages/${id}/ has no line in shared/routes.ts: add ` +
              `await page('${id}', import('./pages/${id}/${id}.page.md'), () => import('./pages/${id}/page.js')), where it belongs in the menus`,
          });
        }
        return { contents: text, loader: 'ts', watchDirs: [pagesFolder] };
      });
      build.onEnd(() => ({ errors: faults }));
    },
  };
}

/** For vite (vitest.config.ts): the same, for the tests that import pages and content. */
export function viteMarkdownContent() {
  return {
    name: 'markdown-content',
    enforce: 'pre' as const,
    transform(text: string, id: string) {
      return id.endsWith('.md') ? { code: markdownModule(id, text), map: null } : undefined;
    },
  };
}
