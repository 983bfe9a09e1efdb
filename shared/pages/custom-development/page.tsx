import { Animation } from '../../components/Animation.js';
import { CallToAction } from '../../components/CallToAction.js';
import { ContactSection } from '../../components/ContactSection.js';
import { FeatureGrid } from '../../components/FeatureGrid.js';
import { Section } from '../../components/Section.js';
import { Steps } from '../../components/Steps.js';
import { customDevelopment } from '../../content/services.js';
import { externalLinks } from '../../links.js';
import { useSite } from '../../site-config.js';

export default function CustomDevelopmentPage() {
  const { solutions, process, partner } = customDevelopment;
  return (
    <>
      <Section id="custom-solutions" eyebrow="Custom development" title={solutions.title} intro={solutions.intro}>
        <div className="animation-row">
          <Animation name="ai" />
          <Animation name="analytics" />
          <Animation name="payments" />
        </div>
        <FeatureGrid features={solutions.items} />
      </Section>
      <Section id="project-process" className="section-alt" eyebrow="Process" title={process.title}>
        <div className="split">
          <Steps steps={process.steps} />
          <Animation name="fintech" />
        </div>
      </Section>
      <ContactSection />
      <CallToAction
        title={partner.title}
        text={partner.text}
        actionLabel={partner.actionLabel}
        actionHref={externalLinks(useSite()).partnerSite}
      />
    </>
  );
}
