import { CallToAction } from '../../components/CallToAction.js';
import { FeatureGrid } from '../../components/FeatureGrid.js';
import { Section } from '../../components/Section.js';
import { Steps } from '../../components/Steps.js';
import { callToActionOf, featuresOf, introOf, sectionOf, stepOf } from '../../content/markdown.js';
import { useSite } from '../../site-config.js';
import copy from './maintenance.page.md';
import { EndOfFirstPaint } from '../../components/EndOfFirstPaint.js';

export default function MaintenancePage() {
  const site = useSite();
  const covers = sectionOf(copy, 'maintenance-covers');
  const steps = sectionOf(copy, 'maintenance-steps');
  const callToAction = sectionOf(copy, 'call-to-action');
  return (
    <>
      <Section id={covers.id} eyebrow={covers.eyebrow} title={covers.title} intro={introOf(covers, site)}>
        <FeatureGrid features={featuresOf(covers, site)} />
      </Section>
      <EndOfFirstPaint />
      <Section id={steps.id} className="section-alt" eyebrow={steps.eyebrow} title={steps.title}>
        <Steps steps={steps.cards.map((card) => stepOf(card, site))} />
      </Section>
      <CallToAction {...callToActionOf(callToAction, site)} />
    </>
  );
}
