import { CallToAction } from '../../components/CallToAction.js';
import { ContactSection } from '../../components/ContactSection.js';
import { FeatureGrid } from '../../components/FeatureGrid.js';
import { Section } from '../../components/Section.js';
import { Guarantees } from '../../components/Guarantees.js';
import { HeroArt } from '../../components/HeroArt.js';
import { ArrowIcon } from '../../components/icons.js';
import { formatUsd } from '../../content/business.js';
import { lowestMonthlyPrice } from '../../content/plans.js';
import { cardOf, runsText, sectionOf } from '../../content/markdown.js';
import { serviceOffers } from '../../content/services.js';
import { guarantee, hero, homeFeatures, testimonials } from '../../content/home.js';
import { routePaths } from '../../paths.js';
import servicesCopy from '../services/services.page.md';
import { useSite } from '../../site-config.js';

/** The services by name, as the Services overview names them. */
const services = sectionOf(servicesCopy, 'services');

export default function HomePage() {
  const site = useSite();
  const plansPath = routePaths['shared-hosting'];
  return (
    <>
      <div className="hero">
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">{hero.eyebrow}</p>
            <h1>{hero.title}</h1>
            <p className="hero-text">{hero.text}</p>
            <p className="hero-price">
              Hosting from <strong>{formatUsd(lowestMonthlyPrice)}</strong>/month
            </p>
            <div className="hero-actions">
              <a className="button" href={plansPath}>
                See Our Plans <ArrowIcon />
              </a>
              <a className="button button-ghost" href="/contact">
                Talk to our team
              </a>
            </div>
            <Guarantees />
          </div>
          <HeroArt />
        </div>
        {/* The three services at a glance, each with its price or how it is priced. */}
        <div className="container">
          <ul className="hero-services">
            {serviceOffers.map((service) => (
              <li key={service.route}>
                <a href={routePaths[service.route]}>
                  <span className="hero-service-name">{runsText(cardOf(services, service.route).title, site)}</span>
                  <span className="hero-service-price">{service.price}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <Section
        id="features"
        eyebrow="Why us"
        title="Everything your site needs to fly"
        intro="Every plan includes the speed, security and support that other hosts sell as extras."
      >
        <FeatureGrid features={homeFeatures(site)} />
      </Section>

      <Section id="client-guarantee" className="section-alt" eyebrow="Our promise" title={guarantee.title} intro={guarantee.intro}>
        <FeatureGrid features={guarantee.items} />
        <p className="section-more">
          <a className="text-link" href="/about">
            Learn More<span className="visually-hidden"> about us and our guarantee</span> <ArrowIcon />
          </a>
        </p>
      </Section>

      <Section id="testimonials" eyebrow="Testimonials" title="What our clients say">
        <ul className="testimonials">
          {testimonials.map((testimonial) => (
            <li className="card testimonial" key={testimonial.name}>
              <figure>
                <blockquote>
                  <p>{testimonial.quote}</p>
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
