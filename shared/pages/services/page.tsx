import { CallToAction } from '../../components/CallToAction.js';
import { Section } from '../../components/Section.js';
import { ArrowIcon, CheckIcon } from '../../components/icons.js';
import { runsText, sectionOf, type PageSection } from '../../content/markdown.js';
import { servicesOverview } from '../../content/services.js';
import { routePaths } from '../../paths.js';
import { useSite } from '../../site-config.js';
import customDevelopment from '../custom-development/custom-development.page.md';
import maintenance from '../maintenance/maintenance.page.md';
import sharedHosting from '../shared-hosting/shared-hosting.page.md';

/** What each service includes: the cards its own page shows, so each is written once. */
const includedBy: Record<(typeof servicesOverview.services)[number]['route'], PageSection> = {
  'shared-hosting': sectionOf(sharedHosting, 'hosting-features'),
  'custom-development': sectionOf(customDevelopment, 'custom-solutions'),
  maintenance: sectionOf(maintenance, 'maintenance-covers'),
};

export default function ServicesPage() {
  const site = useSite();
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
                {includedBy[service.route].cards
                  .map((card) => runsText(card.title, site))
                  .map((item) => (
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
