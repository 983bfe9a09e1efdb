// Site search inside the search modal: the enhancement of the search page's
// form (shared/components/SearchForm.tsx). It shows results as the visitor
// types, from the same engine over the same index (shared/search.ts), fetched
// the first time the panel opens, never with the page. It is a WAI-ARIA
// combobox: the arrow keys move through the results while the field keeps
// focus, Enter follows the chosen result (the first one when none is chosen,
// the search page when there is none), and Escape closes the dialog.
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { Search } from '../search.js';
import { MAX_QUERY_CHARS, searchPath } from '../search-query.js';
import { resultId, SearchResults } from './SearchResults.js';
import { search as labels } from '../content/header.labels.md';
import { around, fill } from '../content/labels.js';

const [nothingBefore, nothingAfter] = around(labels.nothing, 'link');

type IndexState = { status: 'loading' } | { status: 'ready'; search: Search } | { status: 'failed' };

/** The search code and its index, fetched together on first use: neither is needed to load a page. */
const loadSearch = (url: string) =>
  // Built apart by scripts/build.ts, which gives its hashed URL.
  (import(SEARCH_ENGINE_URL) as Promise<typeof import('../search.js')>).then((module) => module.loadSearch(url));

const listId = 'search-panel-results';

/** The search page's address for a query. */
const searchPageFor = (query: string) => `${searchPath}?${new URLSearchParams({ q: query }).toString()}`;

export function SearchPanel({ indexUrl }: { indexUrl: string }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
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
  const expanded = results.length > 0;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      // The search field's own Escape would empty it first (Firefox) or swallow the key (WebKit), and the dialog
      // would not close: the panel closes at once in every engine.
      event.preventDefault();
      event.currentTarget.closest('dialog')?.close();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!expanded) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the field, Down goes to the first result and Up to the last; past either end, back to the field.
      setActive((current) => {
        const next = current + step;
        return next < -1 ? results.length - 1 : next >= results.length ? -1 : next;
      });
    }
  }

  /** Enter: the chosen result, else the first; with none, the search page says what to do instead. */
  function go() {
    if (!trimmed) return;
    const chosen = results[active] ?? results[0];
    window.location.assign(chosen ? chosen.entry.path : searchPageFor(trimmed));
  }

  return (
    <div className="search-panel">
      <form
        role="search"
        action={searchPath}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          go();
        }}
      >
        <label htmlFor="site-search">{labels.panelField}</label>
        <input
          id="site-search"
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? resultId(listId, active) : undefined}
          autoComplete="off"
          maxLength={MAX_QUERY_CHARS}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          placeholder={labels.example}
          data-autofocus
        />
      </form>
      <p className="search-status" role="status">
        {index.status === 'loading' && labels.loading}
        {index.status === 'failed' && <a href={searchPageFor(trimmed)}>{labels.failed}</a>}
        {index.status === 'ready' && trimmed && fill(results.length === 1 ? labels.result : labels.results, { count: results.length })}
      </p>
      {index.status === 'ready' && trimmed && !expanded && (
        <p>
          {nothingBefore}
          <a href={searchPageFor(trimmed)}>{labels.nothingLink}</a>
          {nothingAfter}
        </p>
      )}
      {expanded && <SearchResults hits={results} listbox={{ id: listId, active }} />}
    </div>
  );
}
