// A link to #id, a label's `for` and an aria reference each find only the first element with the id. An editor's {#id}
// in Markdown may clash with a component's, so a clash is refused where pages render at start-up, before any visitor.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** An id attribute in React's output, which always quotes attribute values and escapes quotes inside them. */
const idAttribute = /\sid="([^"]+)"/g;

export function idClashes(html: string): { id: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const [, id = ''] of html.matchAll(idAttribute)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([id, count]) => ({ id, count }));
}

/** Each line of the page's Markdown (in `folder`, when its sources are at hand) that `matches`: "file:line". */
function markdownLines(folder: string, matches: (line: string) => boolean): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .flatMap((file) =>
      readFileSync(join(folder, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (matches(line) ? [`${join(folder, file)}:${index + 1}`] : [])),
    );
}

/** Where the page's Markdown writes `{#id …}`. */
function markdownAnchors(folder: string, id: string): string[] {
  const anchor = new RegExp(`\\{#${id.replace(/[^\w-]/g, '\\$&')}[\\s}]`);
  return markdownLines(folder, (line) => anchor.test(line));
}

/** Refuses a page whose ids clash, naming each id and, where the page's Markdown in `folder` sets it, the file and line. */
export function checkIdsUnique(page: string, html: string, folder: string): void {
  const clashes = idClashes(html);
  if (!clashes.length) return;
  const named = clashes
    .map(({ id, count }) => {
      const written = markdownAnchors(folder, id);
      return `"${id}" is on ${count} elements${written.length ? ` ({#${id}} at ${written.join(', ')})` : ''}`;
    })
    .join('; ');
  throw new Error(`${page}: ${named}. Each id on a page must differ: rename the {#id} in the page's Markdown if it is one.`);
}

/** Where the page's Markdown writes `field:` in its front matter: "file:line", or the folder. */
function fieldLine(folder: string, field: string): string {
  return markdownLines(folder, (line) => line.startsWith(`${field}:`))[0] ?? folder;
}

/** Refuses a banner link to an id the page does not have, naming the ids of the page's sections and headings to choose from. */
export function checkBannerTarget(html: string, href: string | undefined, folder: string): void {
  if (href === undefined) return;
  const id = href.slice(1);
  if ([...html.matchAll(idAttribute)].some(([, found]) => found === id)) return;
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  const targets = [...main.matchAll(/<(?:section|h[1-6])\s[^>]*\bid="([^"]+)"/g)].map(([, found]) => `#${found}`);
  throw new Error(
    `${fieldLine(folder, 'bannerLink')}: bannerLink.href: "${href}" is not the id of anything on the page; its sections and headings are ${targets.join(', ')}`,
  );
}
