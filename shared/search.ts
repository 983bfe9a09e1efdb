// The site search's engine: the index (every page and section, read from the
// rendered pages at start-up, server/search-index.ts) and the matching. It has
// no React in it, so the search panel loads it as a chunk of its own the
// first time search opens, and no page pays for it at load.

export interface SearchEntry {
  title: string;
  path: string;
  /** The page the entry belongs to, for section entries. */
  page: string;
  text: string;
}

/** Finds the entries that match a visitor's query, best first. */
export type Search = (query: string) => SearchEntry[];

const cache = new Map<string, Promise<SearchEntry[]>>();

function loadIndex(url: string): Promise<SearchEntry[]> {
  let pending = cache.get(url);
  if (!pending) {
    pending = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`Search index answered ${response.status}`);
      return response.json() as Promise<SearchEntry[]>;
    });
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
}

function searchEntries(entries: SearchEntry[], query: string, limit = 8): SearchEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored: { entry: SearchEntry; score: number }[] = [];
  for (const entry of entries) {
    const title = entry.title.toLowerCase();
    const text = `${title} ${entry.page.toLowerCase()} ${entry.text.toLowerCase()}`;
    if (!words.every((word) => text.includes(word))) continue;
    const score = words.reduce((sum, word) => sum + (title.includes(word) ? 3 : 1), 0);
    scored.push({ entry, score });
  }
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ entry }) => entry);
}

/** Fetches the index once per URL (again after a failure) and gives the search over it. */
export async function loadSearch(url: string): Promise<Search> {
  const entries = await loadIndex(url);
  return (query) => searchEntries(entries, query);
}
