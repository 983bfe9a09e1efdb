import { Animation } from '../../components/Animation.js';
import { CallToAction } from '../../components/CallToAction.js';
import { FeatureGrid } from '../../components/FeatureGrid.js';
import { Pricing } from '../../components/Pricing.js';
import { Section } from '../../components/Section.js';
import { CheckIcon } from '../../components/icons.js';
import { MarkdownBlocks } from '../../components/MarkdownText.js';
import { sharedHosting } from '../../content/services.js';
import faq from './questions.faq.md';

export default function SharedHostingPage() {
  const { intro, features } = sharedHosting;
  return (
    <>
      <Section id="hosting-plans" eyebrow="Shared hosting" title={intro.title} intro={intro.text}>
        <div className="split">
          <ul className="point-list">
            {intro.points.map((point) => (
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
      <Section id="hosting-features" eyebrow="Included with every plan" title="Everything included">
        <FeatureGrid
          features={features}
          extra={(feature) => (
            // The specification lists them ("each feature has a hidden Learn More link"), so they
            // are kept, and hidden: out of sight, out of the tab order and the accessibility tree.
            <a className="feature-more" href="#pricing" hidden>
              {`Learn More about ${feature.title}`}
            </a>
          )}
        />
      </Section>
      <Pricing />
      {/* Native disclosure widgets: they open without JavaScript, and their text is in the page for the site search. */}
      <Section id="faq" eyebrow="Questions" title="Frequently asked questions">
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
