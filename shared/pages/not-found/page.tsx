// Answered with status 404 for every path no route matches. A visitor who
// followed a stale link gets a way on: search, and the pages most look for.
import { LinkList } from '../../components/LinkList.js';
import { SearchForm } from '../../components/SearchForm.js';
import { linkListOf, linksOf, plainParagraphOf, sectionName, sectionOf } from '../../content/markdown.js';
import { LinkWords } from '../../components/MarkdownText.js';
import { useSite } from '../../site-config.js';
import copy from './not-found.page.md';
import { EndOfFirstPaint } from '../../components/EndOfFirstPaint.js';

export default function NotFoundPage() {
  const site = useSite();
  const notFound = sectionOf(copy, 'not-found');
  const [text, buttons] = notFound.blocks;
  const [home] = linksOf(notFound, buttons);
  const popular = sectionOf(copy, 'popular-pages');
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
        <h1 id={notFound.id}>{notFound.title}</h1>
        <p>{plainParagraphOf(notFound, text, site)}</p>
        <a className="button" href={home.href}>
          <LinkWords link={home} />
        </a>
        <SearchForm id="not-found-search" className="not-found-search" />
        <nav aria-labelledby={popular.id}>
          <h2 className="visually-hidden" id={popular.id}>
            {popular.title}
          </h2>
          <LinkList links={linkListOf(sectionName(popular), popular.blocks[0], site)} className="not-found-links" />
        </nav>
      </div>
      <EndOfFirstPaint />
    </div>
  );
}
