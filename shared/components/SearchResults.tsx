// A list of search results, the same in the search panel and on the search
// page: each result's visible heading, the page it is on (or that it leaves
// for the client portal), and a snippet of its text with the words that
// matched marked.
import type { SearchHit } from '../search.js';
import { search as labels } from '../content/header.labels.md';

interface SearchResultsProps {
  hits: SearchHit[];
  /** For the panel's combobox: the list's id, and the result the arrow keys have reached. */
  listbox?: { id: string; active: number };
}

/** Each result's element id in a combobox list, for aria-activedescendant. */
export const resultId = (listId: string, index: number) => `${listId}-${index}`;

export function SearchResults({ hits, listbox }: SearchResultsProps) {
  return (
    <ul className="search-results" {...(listbox && { id: listbox.id, role: 'listbox', 'aria-label': labels.resultsList })}>
      {hits.map(({ entry, snippet }, index) => {
        const external = entry.kind === 'external';
        // In the combobox each link is itself an option (a link may take that role), so none is nested in
        // another control; the field keeps the focus, and Enter follows the active one.
        const option = listbox && {
          id: resultId(listbox.id, index),
          role: 'option',
          'aria-selected': index === listbox.active,
          tabIndex: -1,
        };
        return (
          <li key={`${entry.path} ${entry.title}`} {...(listbox && { role: 'none' })}>
            <a href={entry.path} {...option}>
              <span className="search-result-title">{entry.title}</span>
              {entry.title !== entry.page && <span className="search-result-page">{external ? labels.inPortal : entry.page}</span>}
              <span className="search-result-snippet">
                {snippet.map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : part.text))}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
