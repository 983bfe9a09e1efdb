import { CallToAction } from '../../components/CallToAction.js';
import { ContactSection } from '../../components/ContactSection.js';
import { FeatureGrid } from '../../components/FeatureGrid.js';
import { MarkdownBlocks } from '../../components/MarkdownText.js';
import { Section } from '../../components/Section.js';
import { Animation } from '../../components/Animation.js';
import { business } from '../../content/business.js';
import { featuresOf, introOf, sectionOf } from '../../content/markdown.js';
import { useSite } from '../../site-config.js';
import copy from './about.page.md';
import { about as labels } from '../../content/pages.labels.md';
import { fill } from '../../content/labels.js';
import { EndOfFirstPaint } from '../../components/EndOfFirstPaint.js';

/** The figures the company holds itself to, each a business constant. */
const stats = [
  { value: business.uptimeGuarantee, label: labels.uptime },
  { value: fill(labels.backupsValue, { count: business.backupsPerDay }), label: labels.backups },
  { value: fill(labels.responseValue, { minutes: business.supportResponseMinutes }), label: labels.response },
  { value: fill(labels.refundValue, { days: business.refundDays }), label: labels.refund },
];

export default function AboutPage() {
  const site = useSite();
  const allies = sectionOf(copy, 'hosting-allies');
  const excellence = sectionOf(copy, 'excellence');
  return (
    <>
      <Section id={allies.id} eyebrow={allies.eyebrow} title={allies.title}>
        <div className="split">
          <div className="prose">
            <MarkdownBlocks blocks={allies.blocks} />
          </div>
          <Animation name="brainstorm" />
        </div>
      </Section>
      <EndOfFirstPaint />
      <Section
        id={excellence.id}
        className="section-alt"
        eyebrow={excellence.eyebrow}
        title={excellence.title}
        intro={introOf(excellence, site)}
      >
        <dl className="stats">
          {stats.map((stat) => (
            <div className="stat" key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
        <FeatureGrid features={featuresOf(excellence, site)} />
      </Section>
      <ContactSection />
      <CallToAction />
    </>
  );
}
