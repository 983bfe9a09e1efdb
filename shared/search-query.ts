// A visitor's query as the site searches it, apart from the engine: the forms
// (in the client bundle) take its length limit without loading the engine.

/** The search page's address (the route table's too): the forms send their query there. */
export const searchPath = '/search';

/** The longest query searched; the rest of a longer one is left out (and the search page says so). */
export const MAX_QUERY_CHARS = 100;

/** A visitor's query as searched: no control characters, spaces collapsed, at most MAX_QUERY_CHARS. */
export function normalisedQuery(raw: string): { query: string; shortened: boolean } {
  const clean = raw
    .normalize('NFKC')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const shortened = clean.length > MAX_QUERY_CHARS;
  return { query: shortened ? clean.slice(0, MAX_QUERY_CHARS).trim() : clean, shortened };
}
