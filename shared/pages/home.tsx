import { CallToAction } from '../components/CallToAction.js';
import { ContactSection } from '../components/ContactSection.js';
import { FeatureGrid } from '../components/FeatureGrid.js';
import { Section } from '../components/Section.js';
import { ArrowIcon } from '../components/icons.js';
import { guarantee, hero, homeFeatures, testimonials } from '../content/home.js';
import { routePaths } from '../paths.js';
import { useSite } from '../site-config.js';

export default function HomePage() {
  const site = useSite();
  const plansPath = routePaths['shared-hosting'];
  return (
    <>
      <div className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">{hero.eyebrow}</p>
          <h1>{hero.title}</h1>
          <p className="hero-text">{hero.text}</p>
          <div className="hero-actions">
            <a className="button" href={plansPath}>
              See Our Plans <ArrowIcon />
            </a>
            <a className="button button-ghost" href="/contact">
              Talk to our team
            </a>
          </div>
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

      <ContactSection />
      <CallToAction />
    </>
  );
}
