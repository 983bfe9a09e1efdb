import { CallToAction } from '../../components/CallToAction.js';
import { ContactSection } from '../../components/ContactSection.js';
import { evenRows } from '../../components/even-rows.js';
import { FeatureGrid } from '../../components/FeatureGrid.js';
import { Section } from '../../components/Section.js';
import { Guarantees } from '../../components/Guarantees.js';
import { HeroArt } from '../../components/HeroArt.js';
import { ArrowIcon } from '../../components/icons.js';
import { InlineText, LinkWords, MarkdownBlocks } from '../../components/MarkdownText.js';
import {
  featuresOf,
  introOf,
  linksOf,
  paragraphOf,
  plainParagraphOf,
  sectionOf,
  testimonialsOf,
  type Block,
} from '../../content/markdown.js';
import { serviceOffers } from '../../content/services.js';
import servicesCopy from '../services/services.page.md';
import { useSite } from '../../site-config.js';
import copy from './home.page.md';
import { EndOfFirstPaint } from '../../components/EndOfFirstPaint.js';

const hero = sectionOf(copy, 'hero');
const features = sectionOf(copy, 'features');
const guarantee = sectionOf(copy, 'client-guarantee');
const testimonials = sectionOf(copy, 'testimonials');

/** The hero's text, its price line and its buttons, in that order. */
const [heroText, heroPrice, heroButtons] = hero.blocks as (Block | undefined)[];
const [primaryAction, secondaryAction] = linksOf(hero, heroButtons);
/** The Client Guarantee's intro, then the link shown under its cards. */
const [guaranteeIntro, guaranteeMore] = guarantee.blocks as (Block | undefined)[];
const [guaranteeLink] = linksOf(guarantee, guaranteeMore);

export default function HomePage() {
  const site = useSite();
  const clients = testimonialsOf(testimonials, site);
  return (
    <>
      <div className="hero">
        <div className="container hero-grid">
          <div className="hero-copy">
            {hero.eyebrow && <p className="eyebrow">{hero.eyebrow}</p>}
            <h1>{hero.title}</h1>
            <p className="hero-text">
              <InlineText inlines={paragraphOf(hero, heroText)} />
            </p>
            <p className="hero-price">
              <InlineText inlines={paragraphOf(hero, heroPrice)} />
            </p>
            <div className="hero-actions">
              <a className="button" href={primaryAction.href}>
                <LinkWords link={primaryAction} /> <ArrowIcon />
              </a>
              {secondaryAction && (
                <a className="button button-ghost" href={secondaryAction.href}>
                  <LinkWords link={secondaryAction} />
                </a>
              )}
            </div>
            <Guarantees />
          </div>
          <HeroArt />
        </div>
        {/* The three services at a glance, each named and priced as the Services overview's cards say. */}
        <div className="container">
          <ul className="hero-services">
            {serviceOffers(servicesCopy, site).map((service) => (
              <li key={service.route}>
                <a href={service.action.href}>
                  <span className="hero-service-name">{service.title}</span>
                  <span className="hero-service-price">{service.price}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <Section id={features.id} eyebrow={features.eyebrow} title={features.title} intro={introOf(features, site)}>
        <FeatureGrid features={featuresOf(features, site)} />
      </Section>
      <EndOfFirstPaint />

      <Section
        id={guarantee.id}
        className="section-alt"
        eyebrow={guarantee.eyebrow}
        title={guarantee.title}
        intro={plainParagraphOf(guarantee, guaranteeIntro, site)}
      >
        <FeatureGrid features={featuresOf(guarantee, site)} />
        <p className="section-more">
          <a className="text-link" href={guaranteeLink.href}>
            <LinkWords link={guaranteeLink} /> <ArrowIcon />
          </a>
        </p>
      </Section>

      <Section id={testimonials.id} eyebrow={testimonials.eyebrow} title={testimonials.title}>
        <ul className="testimonials" {...evenRows(clients.length)}>
          {clients.map((testimonial) => (
            <li className="card testimonial" key={testimonial.name}>
              <figure>
                <blockquote>
                  <MarkdownBlocks blocks={testimonial.quote} />
                </blockquote>
                <figcaption>
                  <strong>{testimonial.name}</strong>
                  <span>{testimonial.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <ContactSection statesPromise={false} />
      <CallToAction />
    </>
  );
}
