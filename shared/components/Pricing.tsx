// The plans: cards with the price for the chosen billing period, a comparison
// table, and the Cloud Compute note.
import { formatUsd } from '../content/business.js';
import { callToActionOf, plainParagraphOf, type PageSection } from '../content/markdown.js';
import { comparisonRows, planCardLines, planRows, planTerms } from '../content/plan-rows.js';
import { freeMonths, plans, yearlyPerMonth, yearlySaving, type Plan } from '../content/plans.js';
import { BillingSwitch, billingSwitchProps } from './BillingSwitch.js';
import { Island } from '../island.js';
import { externalLinks, type BillingCycle } from '../links.js';
import { useSite } from '../site-config.js';
import { Guarantees } from './Guarantees.js';
import { CheckIcon } from './icons.js';
import { Section } from './Section.js';
import { plans as labels } from '../content/plans.labels.md';
import { fill } from '../content/labels.js';

const billingCycles: BillingCycle[] = ['monthly', 'yearly'];

/** The price a buyer compares, a month either way, and what the yearly term bills and saves. */
function PlanPrice({ plan, cycle }: { plan: Plan; cycle: BillingCycle }) {
  const yearly = cycle === 'yearly';
  return (
    <div className={`cycle-${cycle}`}>
      <p className="plan-price">
        <span className="plan-amount">{formatUsd(yearly ? yearlyPerMonth(plan) : plan.monthlyPrice)}</span>
        <span className="plan-per">{labels.perMonth}</span>
      </p>
      <p className="plan-billed">
        {/* The saving on a line of its own, never broken inside "(2 months free)". */}
        {yearly ? (
          <>
            {`${fill(labels.billedYearly, { price: formatUsd(plan.yearlyPrice) })} `}
            <br />
            {fill(labels.saving, { saving: formatUsd(yearlySaving(plan)), months: freeMonths(plan) })}
          </>
        ) : (
          labels.billedMonthly
        )}
      </p>
    </div>
  );
}

/** Get Started for one plan and billing cycle; its accessible name says which. */
function OrderLink({ plan, cycle, className }: { plan: Plan; cycle: BillingCycle; className: string }) {
  const links = externalLinks(useSite());
  return (
    <a className={className} href={links.order(plan.id, cycle)}>
      {labels.order}
      <span className="visually-hidden">{` ${fill(cycle === 'yearly' ? labels.orderYearly : labels.orderMonthly, { plan: plan.name })}`}</span>
    </a>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <li className={plan.recommended ? 'card plan plan-recommended' : 'card plan'}>
      {plan.recommended && <p className="plan-badge">{labels.recommended}</p>}
      <h3>{plan.name}</h3>
      <p className="plan-description">{plan.description}</p>
      {billingCycles.map((cycle) => (
        <PlanPrice plan={plan} cycle={cycle} key={cycle} />
      ))}
      <ul className="plan-features">
        {planRows.map((row) => (
          <li key={row.label}>
            <CheckIcon />
            {` ${row.namesItself ? row.value(plan) : `${row.label}: ${row.value(plan)}`}`}
          </li>
        ))}
        {planCardLines.map((line) => (
          <li key={line(plan)}>
            <CheckIcon />
            {` ${line(plan)}`}
          </li>
        ))}
      </ul>
      {billingCycles.map((cycle) => (
        <div className={`cycle-${cycle} plan-action`} key={cycle}>
          <OrderLink plan={plan} cycle={cycle} className={plan.recommended ? 'button' : 'button button-ghost'} />
        </div>
      ))}
    </li>
  );
}

function ComparisonTable() {
  return (
    // On a phone the table is wider than the screen: the region scrolls, takes
    // focus so a keyboard can scroll it, a hint above it says so, and the edge
    // with more beyond it is shaded.
    <>
      <p className="table-scroll-hint" data-nosnippet="">
        {labels.scrollHint}
      </p>
      <div className="table-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
        <table className="compare">
          <caption id="compare-caption">{labels.compare}</caption>
          <thead>
            <tr>
              <td />
              {plans.map((plan) => (
                <th scope="col" key={plan.id}>
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {comparisonRows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {plans.map((plan) => (
                  <td key={plan.id}>{row.value(plan)}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td />
              {plans.map((plan) => (
                <td key={plan.id}>
                  {billingCycles.map((cycle) => (
                    <span className={`cycle-${cycle}`} key={cycle}>
                      <OrderLink plan={plan} cycle={cycle} className="button button-small" />
                    </span>
                  ))}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

/**
 * The page's pricing section and the card under it, from its copy: the section's title and eyebrow, its first
 * paragraph (the intro) and its second (the note under the cards and table); the card's title, text and link.
 */
export function Pricing({ pricing, cloudCompute }: { pricing: PageSection; cloudCompute: PageSection }) {
  const site = useSite();
  const [intro, note] = pricing.blocks;
  const more = callToActionOf(cloudCompute, site);
  const [first] = plans;
  return (
    <Section
      id={pricing.id}
      className="section-alt pricing"
      eyebrow={pricing.eyebrow}
      title={pricing.title}
      intro={plainParagraphOf(pricing, intro, site)}
    >
      <Island name="billing-switch" component={BillingSwitch} props={billingSwitchProps(freeMonths(first))} />
      <Guarantees />
      <ul className="plans">
        {plans.map((plan) => (
          <PlanCard plan={plan} key={plan.id} />
        ))}
      </ul>
      <ComparisonTable />
      {/* Under the cards and the table that use the words. */}
      <p className="plans-note">
        {Object.values(planTerms).map(({ term, text }) => (
          <span key={term}>
            <b>{term}</b>
            {`: ${text} `}
          </span>
        ))}
      </p>
      <p className="plans-note">{plainParagraphOf(pricing, note, site)}</p>
      <div className="card cloud-compute">
        <div>
          <h3>{more.title}</h3>
          <p>{more.text}</p>
        </div>
        <a className="button button-ghost" href={more.actionHref}>
          {more.actionLabel}
        </a>
      </div>
    </Section>
  );
}
