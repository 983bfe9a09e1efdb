import { ContactSection } from '../components/ContactSection.js';
import { Section } from '../components/Section.js';
import { newsletter } from '../content/forms.js';
import { Island } from '../island.js';
import { externalLinks } from '../links.js';
import { useSite } from '../site-config.js';

export default function ContactPage() {
  const links = externalLinks(useSite());
  return (
    <>
      <ContactSection />
      <Section id="newsletter" eyebrow="Newsletter" title={newsletter.title} intro={newsletter.text} className="section-narrow">
        <Island name="newsletter" props={{ action: links.newsletterAction }} />
      </Section>
    </>
  );
}
