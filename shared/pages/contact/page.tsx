import { ContactSection } from '../../components/ContactSection.js';
import { legalIdentityLine } from '../../components/LegalIdentity.js';
import { InlineText } from '../../components/MarkdownText.js';
import { Section } from '../../components/Section.js';
import { NewsletterForm } from '../../components/NewsletterForm.js';
import { Island } from '../../island.js';
import { paragraphOf, plainParagraphOf, sectionOf } from '../../content/markdown.js';
import { externalLinks } from '../../links.js';
import { useSite } from '../../site-config.js';
import copy from './contact.page.md';
import { EndOfFirstPaint } from '../../components/EndOfFirstPaint.js';

const newsletter = sectionOf(copy, 'newsletter');
/** The newsletter's intro, then what the address is used for, shown under the form. */
const [newsletterIntro, addressUse] = newsletter.blocks;
const companyDetails = sectionOf(copy, 'company-details');

export default function ContactPage() {
  const site = useSite();
  const links = externalLinks(site);
  const company = legalIdentityLine(site);
  return (
    <>
      <ContactSection withTopics />
      <EndOfFirstPaint />
      <Section
        id={newsletter.id}
        eyebrow={newsletter.eyebrow}
        title={newsletter.title}
        intro={plainParagraphOf(newsletter, newsletterIntro, site)}
        className="section-narrow"
      >
        <Island name="newsletter" component={NewsletterForm} props={{ action: links.newsletterAction }} />
        <p className="form-note newsletter-privacy">
          <InlineText inlines={paragraphOf(newsletter, addressUse)} />
        </p>
      </Section>
      {company && (
        <Section id={companyDetails.id} eyebrow={companyDetails.eyebrow} title={companyDetails.title} className="section-narrow">
          <p>{company}</p>
        </Section>
      )}
    </>
  );
}
