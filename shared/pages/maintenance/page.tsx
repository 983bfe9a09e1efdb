import { CallToAction } from '../../components/CallToAction.js';
import { FeatureGrid } from '../../components/FeatureGrid.js';
import { Section } from '../../components/Section.js';
import { Steps } from '../../components/Steps.js';
import { maintenance } from '../../content/services.js';

export default function MaintenancePage() {
  return (
    <>
      <Section id="maintenance-covers" eyebrow="Website maintenance" title={maintenance.covers.title} intro={maintenance.covers.intro}>
        <FeatureGrid features={maintenance.covers.items} />
      </Section>
      <Section id="maintenance-steps" className="section-alt" eyebrow="Getting started" title={maintenance.steps.title}>
        <Steps steps={maintenance.steps.items} />
      </Section>
      <CallToAction
        title="Let us look after your website"
        text="Tell us about your site and we will send a free review and a fixed monthly price."
        actionLabel="Ask for a free site review"
        actionHref="/contact"
      />
    </>
  );
}
