import { CallToAction } from '../../components/CallToAction.js';
import { Section } from '../../components/Section.js';
import { ArrowIcon, CheckIcon } from '../../components/icons.js';
import { callToActionOf, introOf, runsText, sectionOf, type PageSection } from '../../content/markdown.js';
import { serviceOffers, type ServiceRoute } from '../../content/services.js';
import { useSite } from '../../site-config.js';
import customDevelopment from '../custom-development/custom-development.page.md';
import maintenance from '../maintenance/maintenance.page.md';
import sharedHosting from '../shared-hosting/shared-hosting.page.md';
import copy from './services.page.md';
import { services as labels } from '../../content/pages.labels.md';
import { EndOfFirstPaint } from '../../components/EndOfFirstPaint.js';

/** What each service includes: the cards its own page shows, so each is written once. */
const includedBy: Record<ServiceRoute, PageSection> = {
  'shared-hosting': sectionOf(sharedHosting, 'hosting-features'),
  'custom-development': sectionOf(customDevelopment, 'custom-solutions'),
  maintenance: sectionOf(maintenance, 'maintenance-covers'),
};

export default function ServicesPage() {
  const site = useSite();
  const overview = sectionOf(copy, 'services');
  const callToAction = sectionOf(copy, 'call-to-action');
  return (
    <>
      <Section id={overview.id} eyebrow={overview.eyebrow} title={overview.title} intro={introOf(overview, site)}>
        <ul className="service-cards">
          {serviceOffers(copy, site).map((service) => (
            <li className="card service-card" key={service.route}>
              <h3>{service.title}</h3>
              <p className="service-promise">{service.text}</p>
              <h4 className="service-includes-title">{labels.includes}</h4>
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
                <a className="button button-ghost" href={service.action.href}>
                  {service.action.label} <ArrowIcon />
                </a>
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <EndOfFirstPaint />
      <CallToAction {...callToActionOf(callToAction, site)} />
    </>
  );
}
