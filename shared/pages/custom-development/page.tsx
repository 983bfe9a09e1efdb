import { Animation } from '../../components/Animation.js';
import { CallToAction } from '../../components/CallToAction.js';
import { ContactSection } from '../../components/ContactSection.js';
import { FeatureGrid } from '../../components/FeatureGrid.js';
import { Section } from '../../components/Section.js';
import { Steps } from '../../components/Steps.js';
import { callToActionOf, featuresOf, introOf, sectionOf, stepOf } from '../../content/markdown.js';
import { useSite } from '../../site-config.js';
import copy from './custom-development.page.md';
import { EndOfFirstPaint } from '../../components/EndOfFirstPaint.js';

export default function CustomDevelopmentPage() {
  const site = useSite();
  const solutions = sectionOf(copy, 'custom-solutions');
  const process = sectionOf(copy, 'project-process');
  const partner = sectionOf(copy, 'design-partner');
  return (
    <>
      <Section id={solutions.id} eyebrow={solutions.eyebrow} title={solutions.title} intro={introOf(solutions, site)}>
        <div className="animation-row">
          <Animation name="ai" />
          <Animation name="analytics" />
          <Animation name="payments" />
        </div>
        <FeatureGrid features={featuresOf(solutions, site)} />
      </Section>
      <EndOfFirstPaint />
      <Section id={process.id} className="section-alt" eyebrow={process.eyebrow} title={process.title}>
        <div className="split">
          <Steps steps={process.cards.map((card) => stepOf(card, site))} />
          <Animation name="fintech" />
        </div>
      </Section>
      <ContactSection />
      <CallToAction {...callToActionOf(partner, site)} />
    </>
  );
}
