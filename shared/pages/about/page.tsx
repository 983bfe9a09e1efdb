import { CallToAction } from '../../components/CallToAction.js';
import { ContactSection } from '../../components/ContactSection.js';
import { FeatureGrid } from '../../components/FeatureGrid.js';
import { Section } from '../../components/Section.js';
import { Animation } from '../../components/Animation.js';
import { about } from '../../content/services.js';

export default function AboutPage() {
  return (
    <>
      <Section id="hosting-allies" eyebrow="Who we are" title={about.allies.title}>
        <div className="split">
          <div className="prose">
            {about.allies.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <Animation name="brainstorm" />
        </div>
      </Section>
      <Section
        id="excellence"
        className="section-alt"
        eyebrow="Our standards"
        title={about.excellence.title}
        intro={about.excellence.intro}
      >
        <dl className="stats">
          {about.excellence.stats.map((stat) => (
            <div className="stat" key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
        <FeatureGrid features={about.excellence.points} />
      </Section>
      <ContactSection />
      <CallToAction />
    </>
  );
}
