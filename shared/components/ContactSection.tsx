import { responsePromise } from '../content/business.js';
import { contactTopics } from '../content/forms.js';
import { ContactForm } from './ContactForm.js';
import { Island } from '../island.js';
import { externalLinks } from '../links.js';
import { useSite } from '../site-config.js';
import { featureIcons } from './feature-icons.js';
import { Section } from './Section.js';

/**
 * "Get in touch": how to reach us, and the contact form. On the contact page
 * (`withTopics`) it also holds a form per topic that calls to action link to.
 * Without `statesPromise` its introduction leaves out how fast support replies,
 * for a page that says so elsewhere (Home, in its Client Guarantee).
 */
export function ContactSection({ withTopics = false, statesPromise = true }: { withTopics?: boolean; statesPromise?: boolean }) {
  const site = useSite();
  const links = externalLinks(site);
  const generalForm = <Island name="contact-form" component={ContactForm} props={{ action: links.contactEndpoint }} />;
  return (
    <Section
      id="contact-us"
      className="section-alt"
      eyebrow="Contact"
      title="Get in Touch"
      intro={`Tell us about your site or project.${statesPromise ? ` ${responsePromise}` : ''}`}
    >
      <div className="contact-layout">
        <ul className="contact-methods">
          <li>
            <span className="feature-icon">{featureIcons.mail}</span>
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
        {withTopics ? (
          <div className="contact-forms">
            <div className="contact-general">{generalForm}</div>
            {Object.values(contactTopics).map((topic) => (
              // Shown only when a link targets the topic: out of the search index's snippets.
              <div className="contact-topic" id={topic.id} key={topic.id} data-nosnippet="">
                <p className="contact-topic-label">Your message is about {topic.label}.</p>
                <Island
                  name="contact-form"
                  component={ContactForm}
                  props={{ action: links.contactEndpoint, topic: { id: topic.id, message: topic.message } }}
                />
              </div>
            ))}
          </div>
        ) : (
          generalForm
        )}
      </div>
    </Section>
  );
}
