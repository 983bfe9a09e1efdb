// A legal document: in-page table of contents, numbered sections with anchors,
// the date of the last change, and where to ask questions.
import { formatLegalDate } from '../content/business.js';
import { runsText, sectionOf, type LegalMarkdown } from '../content/markdown.js';
import siteWide from '../content/site-wide.shared.md';
import { useSite } from '../site-config.js';
import { CallToAction } from './CallToAction.js';
import { LegalIdentity } from './LegalIdentity.js';
import { MarkdownBlocks } from './MarkdownText.js';
import { legal as labels } from '../content/pages.labels.md';
import { EndOfFirstPaint } from './EndOfFirstPaint.js';

/** Where to ask about a policy: the end of every legal page (shared/content/site-wide.shared.md). */
const legalContact = sectionOf(siteWide, 'legal-contact');

export function LegalPage({ document }: { document: LegalMarkdown }) {
  const site = useSite();
  return (
    <>
      <div className="section">
        <div className="container legal-layout">
          <nav className="legal-toc" aria-labelledby="toc-title">
            <h2 id="toc-title" className="legal-toc-title">
              {labels.onThisPage}
            </h2>
            <ol>
              {document.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="legal-text">
            <p className="legal-updated">
              {labels.updated} <time dateTime={document.updated}>{formatLegalDate(document.updated)}</time>
            </p>
            <p className="legal-intro">{runsText(document.intro, site)}</p>
            <LegalIdentity site={site} lead={document.party} className="legal-party" />
            {document.sections.map((section, index) => [
              <section key={section.id} aria-labelledby={section.id}>
                <h2 id={section.id}>
                  {index + 1}. {section.title}
                </h2>
                <MarkdownBlocks blocks={section.blocks} />
              </section>,
              index === 0 && <EndOfFirstPaint key="end-of-first-paint" />,
            ])}
            <section className="legal-contact" aria-labelledby={legalContact.id}>
              <h2 id={legalContact.id}>{legalContact.title}</h2>
              <MarkdownBlocks blocks={legalContact.blocks} />
            </section>
          </article>
        </div>
      </div>
      <CallToAction />
    </>
  );
}
