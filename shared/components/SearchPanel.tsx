// Site search inside the search modal. The index (every page and section,
// built from the route table and the rendered content at build time) is
// fetched the first time the panel opens, never with the page.
import { useEffect, useState } from 'react';

export interface SearchEntry {
  title: string;
  path: string;
  /** The page the entry belongs to, for section entries. */
  page: string;
  text: string;
}

type IndexState = { status: 'loading' } | { status: 'ready'; entries: SearchEntry[] } | { status: 'failed' };

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

export function SearchPanel({ indexUrl }: { indexUrl: string }) {
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState<IndexState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    loadIndex(indexUrl).then(
      (entries) => live && setIndex({ status: 'ready', entries }),
      () => live && setIndex({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [indexUrl]);

  const results = index.status === 'ready' ? searchEntries(index.entries, query) : [];
  const trimmed = query.trim();

  return (
    <div className="search-panel">
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="site-search">Search pages and sections</label>
        <input
          id="site-search"
          type="search"
          autoComplete="off"
          maxLength={100}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="e.g. backups, refund, WordPress"
          data-autofocus
        />
      </form>
      <p className="search-status" role="status">
        {index.status === 'loading' && 'Loading the search index…'}
        {index.status === 'failed' && 'Search is unavailable right now. Try the menu or the footer links.'}
        {index.status === 'ready' && trimmed && `${results.length} ${results.length === 1 ? 'result' : 'results'}`}
      </p>
      {results.length > 0 && (
        <ul className="search-results">
          {results.map((entry) => (
            <li key={entry.path}>
              <a href={entry.path}>
                <span className="search-result-title">{entry.title}</span>
                {entry.title !== entry.page && <span className="search-result-page">{entry.page}</span>}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
