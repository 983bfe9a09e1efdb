import { responsePromise } from '../content/business.js';
import { Island } from '../island.js';
import { externalLinks } from '../links.js';
import { useSite } from '../site-config.js';
import { featureIcons } from './feature-icons.js';
import { Section } from './Section.js';

/** "Get in touch": how to reach us, and the contact form. */
export function ContactSection() {
  const site = useSite();
  const links = externalLinks(site);
  return (
    <Section
      id="contact-us"
      className="section-alt"
      eyebrow="Contact"
      title="Get in Touch"
      intro={`Tell us about your site or project. ${responsePromise}`}
    >
      <div className="contact-layout">
        <ul className="contact-methods">
          <li>
            <span className="feature-icon">{featureIcons.chat}</span>
            <div>
              <h3>Email</h3>
              <a href={links.mailto}>{site.supportEmail}</a>
            </div>
          </li>
          <li>
            <span className="feature-icon">{featureIcons.support}</span>
            <div>
              <h3>Phone</h3>
              <a href={links.tel}>{site.supportPhone}</a>
            </div>
          </li>
          {links.liveChat && (
            <li>
              <span className="feature-icon">{featureIcons.chat}</span>
              <div>
                <h3>Live chat</h3>
                <a href={links.liveChat}>Chat with our support team</a>
              </div>
            </li>
          )}
          <li>
            <span className="feature-icon">{featureIcons.panel}</span>
            <div>
              <h3>Support tickets</h3>
              <p>
                Existing clients get the fastest answer through a <a href={links.submitTicket}>support ticket in the client area</a>.
              </p>
            </div>
          </li>
        </ul>
        <Island name="contact-form" props={{ action: links.contactEndpoint }} />
      </div>
    </Section>
  );
}
