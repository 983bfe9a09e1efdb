// The site search as a plain form: a GET to the search page, which answers
// with JavaScript off or the client script failing, and gives every result
// list an address a visitor can share (and the marketing team can read in
// their analytics' site-search report, from the q parameter).
import { MAX_QUERY_CHARS, searchPath } from '../search-query.js';
import { search as labels } from '../content/header.labels.md';

interface SearchFormProps {
  /** The field's id: a page may hold two forms (the header's and its own). */
  id: string;
  /** The query already searched, shown for the visitor to refine. */
  query?: string;
  className?: string;
}

export function SearchForm({ id, query = '', className }: SearchFormProps) {
  return (
    <form role="search" action={searchPath} method="get" className={['search-form', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{labels.field}</label>
      <div className="search-form-row">
        <input id={id} type="search" name="q" defaultValue={query} maxLength={MAX_QUERY_CHARS} />
        <button type="submit" className="button">
          {labels.button}
        </button>
      </div>
    </form>
  );
}
