// Answered with status 404 for every path no route matches. A visitor who
// followed a stale link gets a way on: search, and the pages most look for.
import { LinkList } from '../../components/LinkList.js';
import { SearchForm } from '../../components/SearchForm.js';
import { routePaths } from '../../paths.js';

const wayOn = [
  { label: 'Shared hosting plans', href: routePaths['shared-hosting'] },
  { label: 'All services', href: routePaths.services },
  { label: 'Contact us', href: routePaths.contact },
];

export default function NotFoundPage() {
  return (
    <div className="not-found">
      <div className="container not-found-inner">
        <svg className="not-found-art" viewBox="0 0 320 140" role="img" aria-labelledby="not-found-art-title">
          <title id="not-found-art-title">404</title>
          <text x="50%" y="112" textAnchor="middle" className="not-found-digits">
            404
          </text>
          <path d="M40 128h240" className="not-found-line" />
        </svg>
        <h1>Oops! Page Not Found</h1>
        <p>The page you are looking for is not here, but there is plenty more to explore.</p>
        <a className="button" href="/">
          GO BACK HOME
        </a>
        <SearchForm id="not-found-search" className="not-found-search" />
        <nav aria-label="Popular pages">
          <LinkList links={wayOn} className="not-found-links" />
        </nav>
      </div>
    </div>
  );
}
