import { business } from '../content/business.js';
import { footerGroups } from './footer-links.js';
import { externalLinks } from '../links.js';
import { useSite } from '../site-config.js';
import { LogoMark } from '../components/icons.js';
import { LegalIdentity } from '../components/LegalIdentity.js';

export function Footer() {
  const site = useSite();
  const links = externalLinks(site);
  return (
    <footer className="site-footer" id="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a className="brand" href="/">
            <LogoMark />
            <span>{site.brandName}</span>
          </a>
          <p>Shared hosting, custom software and website maintenance from one accountable team.</p>
          <p>
            <a href={links.mailto}>{site.supportEmail}</a>
            <br />
            <a href={links.tel}>{site.supportPhone}</a>
          </p>
        </div>
        {footerGroups(links).map((group) => (
          <nav className="footer-group" key={group.title} aria-labelledby={`footer-${group.title.toLowerCase()}`}>
            <h2 id={`footer-${group.title.toLowerCase()}`} className="footer-title">
              {group.title}
            </h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container footer-bottom">
        <p>{`© ${business.copyrightYear} ${site.brandName}. All rights reserved.`}</p>
        <LegalIdentity site={site} lead={`${site.brandName} is run by`} className="footer-legal" />
        {site.gtmId && (
          // Reopens the analytics consent bar (client/analytics.ts shows it once there is a script to answer it).
          <button type="button" className="footer-link-button" data-consent-settings hidden>
            Cookie settings
          </button>
        )}
      </div>
    </footer>
  );
}
