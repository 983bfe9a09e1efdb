import type { ReactNode } from 'react';
import { contactTopics } from '../content/forms.js';
import { cardOf, factText, introOf, paragraphOf, sectionOf, type MarkdownCard } from '../content/markdown.js';
import contactCopy from '../pages/contact/contact.page.md';
import { ContactForm } from './ContactForm.js';
import { Island } from '../island.js';
import { externalLinks } from '../links.js';
import { useSite } from '../site-config.js';
import { featureIcons } from './feature-icons.js';
import { InlineText } from './MarkdownText.js';
import { Section } from './Section.js';
import { contactForm as labels } from '../content/forms.labels.md';

const copy = sectionOf(contactCopy, 'contact-us');
const methods = {
  email: cardOf(copy, 'email'),
  phone: cardOf(copy, 'phone'),
  liveChat: cardOf(copy, 'live-chat'),
  tickets: cardOf(copy, 'tickets'),
};

/** A way to reach us: its icon and name from the copy, then the configured address or the copy's own text. */
function Method({ card, children }: { card: MarkdownCard; children: ReactNode }) {
  if (!card.icon) throw new Error(`Card {#${card.id}} of section {#${copy.id}} names no {icon=…}`);
  return (
    <li>
      <span className="feature-icon">{featureIcons[card.icon]}</span>
      <div>
        <h3>
          <InlineText inlines={card.title} />
        </h3>
        {children}
      </div>
    </li>
  );
}

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
  const intro = introOf(copy, site);
  return (
    <Section
      id={copy.id}
      className="section-alt"
      eyebrow={copy.eyebrow}
      title={copy.title}
      intro={statesPromise ? `${intro} ${factText('responsePromise', site)}` : intro}
    >
      <div className="contact-layout">
        <ul className="contact-methods">
          <Method card={methods.email}>
            <a href={links.mailto}>{site.supportEmail}</a>
          </Method>
          <Method card={methods.phone}>
            <a href={links.tel}>{site.supportPhone}</a>
          </Method>
          {links.liveChat && (
            <Method card={methods.liveChat}>
              <a href={links.liveChat}>
                <InlineText inlines={paragraphOf(copy, methods.liveChat.blocks[0])} />
              </a>
            </Method>
          )}
          <Method card={methods.tickets}>
            <p>
              <InlineText inlines={paragraphOf(copy, methods.tickets.blocks[0])} />
            </p>
          </Method>
        </ul>
        {withTopics ? (
          <div className="contact-forms">
            <div className="contact-general">{generalForm}</div>
            {Object.values(contactTopics).map((topic) => (
              // Shown only when a link targets the topic: out of the search index's snippets.
              <div className="contact-topic" id={topic.id} key={topic.id} data-nosnippet="">
                <p className="contact-topic-label">{`${labels.topic} ${topic.label}.`}</p>
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
