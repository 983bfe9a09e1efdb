import { CallToAction } from '../../components/CallToAction.js';
import { Section } from '../../components/Section.js';
import { ArrowIcon, CheckIcon } from '../../components/icons.js';
import { servicesOverview } from '../../content/services.js';
import { routePaths } from '../../paths.js';

export default function ServicesPage() {
  return (
    <>
      <Section id="services" eyebrow="What we do" title={servicesOverview.title} intro={servicesOverview.intro}>
        <ul className="service-cards">
          {servicesOverview.services.map((service) => (
            <li className="card service-card" key={service.route}>
              <h3>{service.name}</h3>
              <p className="service-promise">{service.promise}</p>
              <h4 className="service-includes-title">Includes</h4>
              <ul className="plan-features">
                {service.includes.map((item) => (
                  <li key={item}>
                    <CheckIcon /> {item}
                  </li>
                ))}
              </ul>
              <p className="service-price">{service.price}</p>
              <p className="plan-action">
                <a className="button button-ghost" href={routePaths[service.route]}>
                  {service.actionLabel} <ArrowIcon />
                </a>
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <CallToAction
        title="Not sure which you need?"
        text="Tell us about your site or project and we will suggest the right mix, with a price before any work starts."
        actionLabel="Talk to our team"
        actionHref={routePaths.contact}
      />
    </>
  );
}
