import { Animation } from '../../components/Animation.js';
import { CallToAction } from '../../components/CallToAction.js';
import { FeatureGrid } from '../../components/FeatureGrid.js';
import { Pricing } from '../../components/Pricing.js';
import { Section } from '../../components/Section.js';
import { CheckIcon } from '../../components/icons.js';
import { MarkdownBlocks } from '../../components/MarkdownText.js';
import { featuresOf, introOf, sectionOf, stepOf } from '../../content/markdown.js';
import { useSite } from '../../site-config.js';
import faq from './questions.faq.md';
import copy from './shared-hosting.page.md';
import { sharedHosting as labels } from '../../content/pages.labels.md';
import { fill } from '../../content/labels.js';
import { EndOfFirstPaint } from '../../components/EndOfFirstPaint.js';

export default function SharedHostingPage() {
  const site = useSite();
  const plans = sectionOf(copy, 'hosting-plans');
  const included = sectionOf(copy, 'hosting-features');
  const questions = sectionOf(copy, 'faq');
  return (
    <>
      <Section id={plans.id} eyebrow={plans.eyebrow} title={plans.title} intro={introOf(plans, site)}>
        <div className="split">
          <ul className="point-list">
            {plans.cards
              .map((card) => stepOf(card, site))
              .map((point) => (
                <li key={point.title}>
                  <CheckIcon />
                  <div>
                    <h3>{point.title}</h3>
                    <p>{point.text}</p>
                  </div>
                </li>
              ))}
          </ul>
          <Animation name="hosting" />
        </div>
      </Section>
      <EndOfFirstPaint />
      <Section id={included.id} eyebrow={included.eyebrow} title={included.title}>
        <FeatureGrid
          features={featuresOf(included, site)}
          extra={(feature) => (
            // The specification lists them ("each feature has a hidden Learn More link"), so they
            // are kept, and hidden: out of sight, out of the tab order and the accessibility tree.
            <a className="feature-more" href="#pricing" hidden>
              {fill(labels.learnMore, { feature: feature.title })}
            </a>
          )}
        />
      </Section>
      <Pricing pricing={sectionOf(copy, 'pricing')} cloudCompute={sectionOf(copy, 'cloud-compute')} />
      {/* Native disclosure widgets: they open without JavaScript, and their text is in the page for the site search. */}
      <Section id={questions.id} eyebrow={questions.eyebrow} title={questions.title}>
        <div className="faq">
          {faq.questions.map((item) => (
            <details key={item.id} id={item.id}>
              <summary>{item.title}</summary>
              <MarkdownBlocks blocks={item.blocks} />
            </details>
          ))}
        </div>
      </Section>
      <CallToAction />
    </>
  );
}
