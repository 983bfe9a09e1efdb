// Every id on a page must name one element: a link to #id, a label's `for` and
// an aria reference each find only the first. A page's ids come from its
// components and from its Markdown ({#id} on a heading), which an editor
// writes, so a clash between the two is refused where the pages are rendered,
// at start-up: the build (which starts the server once) and the dev server
// report it, and no visitor meets it.

/** An id attribute in React's output, which always quotes attribute values and escapes quotes inside them. */
const idAttribute = /\sid="([^"]+)"/g;

/** The ids given to more than one element of the page, each with its count. */
export function idClashes(html: string): { id: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const [, id = ''] of html.matchAll(idAttribute)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([id, count]) => ({ id, count }));
}

/** Throws, naming the page and each id, when ids on the page clash. */
export function checkIdsUnique(page: string, html: string): void {
  const clashes = idClashes(html);
  if (!clashes.length) return;
  const named = clashes.map(({ id, count }) => `"${id}" is on ${count} elements`).join('; ');
  throw new Error(
    `${page}: ${named}. Each id on a page must differ: rename the section's {#id} in the page's Markdown (shared/pages/) if it is one.`,
  );
}
