// A link to #id, a label's `for` and an aria reference each find only the first element with the id. An editor's {#id}
// in Markdown may clash with a component's, so a clash is refused where pages render at start-up, before any visitor.

/** An id attribute in React's output, which always quotes attribute values and escapes quotes inside them. */
const idAttribute = /\sid="([^"]+)"/g;

export function idClashes(html: string): { id: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const [, id = ''] of html.matchAll(idAttribute)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([id, count]) => ({ id, count }));
}

export function checkIdsUnique(page: string, html: string): void {
  const clashes = idClashes(html);
  if (!clashes.length) return;
  const named = clashes.map(({ id, count }) => `"${id}" is on ${count} elements`).join('; ');
  throw new Error(
    `${page}: ${named}. Each id on a page must differ: rename the section's {#id} in the page's Markdown (shared/pages/) if it is one.`,
  );
}
