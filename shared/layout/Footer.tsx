// The footer of every page. Its words and links are in
// shared/content/site-wide.shared.md (#footer): the line under the brand, the
// copyright line, and each group of links as a heading and its list. The
// Services group lists the pages of the Services menu, so a new service page
// appears in it by its route entry alone.
import { cardName, cardOf, linkListOf, plainParagraphOf, runsText, sectionOf } from '../content/markdown.js';
import siteWide from '../content/site-wide.shared.md';
import { externalLinks } from '../links.js';
import { menuRoutes } from '../routes.js';
import { useSite, type SiteConfig } from '../site-config.js';
import { LogoMark } from '../components/icons.js';
import { LegalIdentity } from '../components/LegalIdentity.js';
import { LinkList } from '../components/LinkList.js';
import { consent as consentLabels } from '../content/consent.labels.md';
import { legal as legalLabels } from '../content/pages.labels.md';
import { fill } from '../content/labels.js';

const copy = sectionOf(siteWide, 'footer');
const servicesGroup = cardOf(copy, 'footer-services');

/** Each group: its id (the heading's, which names the nav), its heading, and its links. */
function footerGroups(site: SiteConfig) {
  return copy.cards.map((group) => {
    const title = runsText(group.title, site);
    if (!group.id) throw new Error(`${cardName(group, copy, site)} names no {#id}`);
    const links =
      group === servicesGroup
        ? menuRoutes('services').map((route) => ({ label: route.label, href: route.path }))
        : linkListOf(cardName(group, copy, site), group.blocks[0], site);
    return { id: group.id, title, links };
  });
}

export function Footer() {
  const site = useSite();
  const links = externalLinks(site);
  const [tagline, copyright] = copy.blocks;
  return (
    <footer className="site-footer" id="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a className="brand" href="/">
            <LogoMark />
            <span>{site.brandName}</span>
          </a>
          <p>{plainParagraphOf(copy, tagline, site)}</p>
          <p>
            <a href={links.mailto}>{site.supportEmail}</a>
            <br />
            <a href={links.tel}>{site.supportPhone}</a>
          </p>
        </div>
        {footerGroups(site).map((group) => (
          <nav className="footer-group" key={group.id} aria-labelledby={group.id}>
            <h2 id={group.id} className="footer-title">
              {group.title}
            </h2>
            <LinkList links={group.links} />
          </nav>
        ))}
      </div>
      <div className="container footer-bottom">
        <p>{plainParagraphOf(copy, copyright, site)}</p>
        <LegalIdentity site={site} lead={fill(legalLabels.runBy, { brand: site.brandName })} className="footer-legal" />
        {site.gtmId && (
          // Reopens the analytics consent bar (client/analytics.ts shows it once there is a script to answer it).
          <button type="button" className="footer-link-button" data-consent-settings hidden>
            {consentLabels.settings}
          </button>
        )}
      </div>
    </footer>
  );
}
