// What the search page shows, decided by the server for each request
// (server/search-page.ts) and handed to the page through context: the page is
// the one whose HTML depends on the request.
import { createContext, useContext } from 'react';
import type { SearchHit } from './search.js';

export interface SearchPageData {
  /** The query as searched (normalised); empty when none was given. */
  query: string;
  /** Whether the query was cut to its first MAX_QUERY_CHARS characters. */
  shortened: boolean;
  hits: SearchHit[];
}

export const SearchPageContext = createContext<SearchPageData>({ query: '', shortened: false, hits: [] });

export const useSearchPage = () => useContext(SearchPageContext);
