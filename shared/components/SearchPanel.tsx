// Site search inside the search modal. The engine and its index
// (shared/search.ts) are fetched the first time the panel opens, never with
// the page.
import { useEffect, useState } from 'react';
import type { Search } from '../search.js';

type IndexState = { status: 'loading' } | { status: 'ready'; search: Search } | { status: 'failed' };

/** The search code and its index, fetched together on first use: neither is needed to load a page. */
const loadSearch = (url: string) =>
  // Built apart by scripts/build.ts, which gives its hashed URL.
  (import(SEARCH_ENGINE_URL) as Promise<typeof import('../search.js')>).then((module) => module.loadSearch(url));

export function SearchPanel({ indexUrl }: { indexUrl: string }) {
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState<IndexState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    loadSearch(indexUrl).then(
      (search) => live && setIndex({ status: 'ready', search }),
      () => live && setIndex({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [indexUrl]);

  const results = index.status === 'ready' ? index.search(query) : [];
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
          placeholder="e.g. pricing, backups, refund, WordPress"
          data-autofocus
        />
      </form>
      <p className="search-status" role="status">
        {index.status === 'loading' && 'Loading the search index…'}
        {index.status === 'failed' && 'Search is unavailable right now. Try the menu or the footer links.'}
        {index.status === 'ready' && trimmed && `${results.length} ${results.length === 1 ? 'result' : 'results'}`}
      </p>
      {index.status === 'ready' && trimmed && results.length === 0 && (
        <p>
          Nothing on the site matches that. <a href="/contact">Ask us directly</a>: we answer every question.
        </p>
      )}
      {results.length > 0 && (
        <ul className="search-results">
          {results.map(({ entry, snippet }) => (
            <li key={entry.path}>
              <a href={entry.path}>
                <span className="search-result-title">{entry.title}</span>
                {entry.title !== entry.page && <span className="search-result-page">{entry.page}</span>}
                <span className="search-result-snippet">
                  {snippet.map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : part.text))}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
