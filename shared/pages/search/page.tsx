// The search page: the results for the query in its address (/search?q=…),
// rendered by the server for each request, so that search works without
// JavaScript and each result list has an address. When nothing matches, it
// says so and offers what a visitor can do instead: ask us, or start from the
// pages most visitors look for.
import { useSearchPage } from '../../search-page-data.js';
import { MAX_QUERY_CHARS } from '../../search-query.js';
import { SearchForm } from '../../components/SearchForm.js';
import { SearchResults } from '../../components/SearchResults.js';
import { ContactDetails } from '../../components/ContactDetails.js';
import { LinkList } from '../../components/LinkList.js';
import { routePaths } from '../../paths.js';

/** Where most visitors are going: offered when a search finds nothing, or before one. */
const startingPoints = [
  { label: 'Shared hosting plans and prices', href: `${routePaths['shared-hosting']}#pricing` },
  { label: 'Questions about hosting, answered', href: `${routePaths['shared-hosting']}#faq` },
  { label: 'All our services', href: routePaths.services },
  { label: 'Contact us', href: routePaths.contact },
];

export default function SearchPage() {
  const { query, shortened, hits } = useSearchPage();
  return (
    <section className="section section-narrow">
      <div className="container">
        <SearchForm id="search-page-query" query={query} />
        {shortened && <p>Your search was long, so only its first {MAX_QUERY_CHARS} characters were searched.</p>}
        {query && hits.length > 0 && (
          <>
            <p className="search-status">
              {hits.length} {hits.length === 1 ? 'result' : 'results'} for “{query}”
            </p>
            <SearchResults hits={hits} />
          </>
        )}
        {query && hits.length === 0 && (
          <div>
            <h2 id="no-results">Nothing on the site matches “{query}”</h2>
            <p>Try other words, or ask us directly: we answer every question.</p>
            <ContactDetails />
          </div>
        )}
        {hits.length === 0 && (
          <nav aria-labelledby="starting-points">
            <h2 id="starting-points">{query ? 'Or start from' : 'Popular pages'}</h2>
            <LinkList links={startingPoints} className="link-list" />
          </nav>
        )}
      </div>
    </section>
  );
}
