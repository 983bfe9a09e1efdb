import { ContactSection } from '../../components/ContactSection.js';
import { legalIdentityLine } from '../../components/LegalIdentity.js';
import { Section } from '../../components/Section.js';
import { newsletterSection } from '../../content/forms.js';
import { NewsletterForm } from '../../components/NewsletterForm.js';
import { Island } from '../../island.js';
import { privacySections } from '../../content/legal.js';
import { externalLinks } from '../../links.js';
import { routePaths } from '../../paths.js';
import { useSite } from '../../site-config.js';

export default function ContactPage() {
  const site = useSite();
  const links = externalLinks(site);
  const company = legalIdentityLine(site);
  return (
    <>
      <ContactSection withTopics />
      <Section
        id="newsletter"
        eyebrow="Newsletter"
        title={newsletterSection.title}
        intro={newsletterSection.text}
        className="section-narrow"
      >
        <Island name="newsletter" component={NewsletterForm} props={{ action: links.newsletterAction }} />
        <p className="form-note newsletter-privacy">
          {newsletterSection.addressUse} <a href={`${routePaths.privacy}#${privacySections.howWeUseData}`}>Privacy Policy</a>
        </p>
      </Section>
      {company && (
        <Section id="company-details" eyebrow="Who we are" title="Company details" className="section-narrow">
          <p>{company}</p>
        </Section>
      )}
    </>
  );
}
