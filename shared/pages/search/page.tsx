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
import { contactDetailsOf } from '../../content/contact-details.js';
import { LinkList } from '../../components/LinkList.js';
import { linkListOf, plainParagraphOf, sectionName, sectionOf } from '../../content/markdown.js';
import { useSite } from '../../site-config.js';
import copy from './search.page.md';
import { searchPage as labels } from '../../content/header.labels.md';
import { fill } from '../../content/labels.js';
import { EndOfFirstPaint } from '../../components/EndOfFirstPaint.js';

const noResults = sectionOf(copy, 'no-results');
/** Where most visitors are going: offered when a search finds nothing, or before one. */
const startingPoints = sectionOf(copy, 'starting-points');

export default function SearchPage() {
  const site = useSite();
  const { query, shortened, hits } = useSearchPage();
  const [afterNothingFound, popular] = startingPoints.blocks;
  return (
    <>
      <section className="section section-narrow">
        <div className="container">
          <SearchForm id="search-page-query" query={query} />
          {shortened && <p>{fill(labels.shortened, { count: MAX_QUERY_CHARS })}</p>}
          {query && hits.length > 0 && (
            <>
              <p className="search-status">
                {fill(hits.length === 1 ? labels.resultFor : labels.resultsFor, { count: hits.length, query })}
              </p>
              <SearchResults hits={hits} />
            </>
          )}
          {query && hits.length === 0 && (
            <div>
              <h2 id={noResults.id}>{`${noResults.title} “${query}”`}</h2>
              <p>{plainParagraphOf(noResults, noResults.blocks[0], site)}</p>
              <ContactDetails {...contactDetailsOf(site)} />
            </div>
          )}
          {hits.length === 0 && (
            <nav aria-labelledby={startingPoints.id}>
              <h2 id={startingPoints.id}>{query ? plainParagraphOf(startingPoints, afterNothingFound, site) : startingPoints.title}</h2>
              <LinkList links={linkListOf(sectionName(startingPoints), popular, site)} className="link-list" />
            </nav>
          )}
        </div>
      </section>
      <EndOfFirstPaint />
    </>
  );
}
