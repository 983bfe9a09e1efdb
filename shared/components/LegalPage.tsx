// A legal document: in-page table of contents, numbered sections with anchors,
// the date of the last change, and where to ask questions.
import { formatLegalDate } from '../content/business.js';
import { runsText, type LegalMarkdown } from '../content/markdown.js';
import { externalLinks } from '../links.js';
import { useSite } from '../site-config.js';
import { CallToAction } from './CallToAction.js';
import { LegalIdentity } from './LegalIdentity.js';
import { MarkdownBlocks } from './MarkdownText.js';

export function LegalPage({ document }: { document: LegalMarkdown }) {
  const site = useSite();
  const links = externalLinks(site);
  return (
    <>
      <div className="section">
        <div className="container legal-layout">
          <nav className="legal-toc" aria-labelledby="toc-title">
            <h2 id="toc-title" className="legal-toc-title">
              On this page
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
              Last updated: <time dateTime={document.updated}>{formatLegalDate(document.updated)}</time>
            </p>
            <p className="legal-intro">{runsText(document.intro, site)}</p>
            <LegalIdentity site={site} lead={document.party} className="legal-party" />
            {document.sections.map((section, index) => (
              <section key={section.id} aria-labelledby={section.id}>
                <h2 id={section.id}>
                  {index + 1}. {section.title}
                </h2>
                <MarkdownBlocks blocks={section.blocks} />
              </section>
            ))}
            <section className="legal-contact" aria-labelledby="legal-contact">
              <h2 id="legal-contact">Questions about this policy?</h2>
              <p>
                Email <a href={links.mailto}>{site.supportEmail}</a>, call <a href={links.tel}>{site.supportPhone}</a>, or{' '}
                <a href={links.submitTicket}>open a support ticket</a>. To report abuse, use our{' '}
                <a href={links.reportAbuse}>abuse ticket form</a>.
              </p>
            </section>
          </article>
        </div>
      </div>
      <CallToAction />
    </>
  );
}
