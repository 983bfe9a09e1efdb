// The plans: cards with the price for the chosen billing period, a comparison
// table, and the Cloud Compute note.
import { business, formatUsd } from '../content/business.js';
import { freeMonths, planRows, plans, type Plan } from '../content/plans.js';
import { sharedHosting } from '../content/services.js';
import { Island } from '../island.js';
import { externalLinks, type BillingCycle } from '../links.js';
import { useSite } from '../site-config.js';
import { CheckIcon } from './icons.js';
import { Section } from './Section.js';

const cycleLabel: Record<BillingCycle, { per: string; billed: string }> = {
  monthly: { per: '/month', billed: 'Billed Monthly' },
  yearly: { per: '/year', billed: 'Billed Yearly' },
};

function PlanCard({ plan }: { plan: Plan }) {
  const links = externalLinks(useSite());
  return (
    <li className={plan.recommended ? 'card plan plan-recommended' : 'card plan'}>
      {plan.recommended && <p className="plan-badge">Recommended</p>}
      <h3>{plan.name}</h3>
      <p className="plan-description">{plan.description}</p>
      {(['monthly', 'yearly'] as const).map((cycle) => (
        <div className={`cycle-${cycle}`} key={cycle}>
          <p className="plan-price">
            <span className="plan-amount">{formatUsd(cycle === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice)}</span>
            <span className="plan-per">{cycleLabel[cycle].per}</span>
          </p>
          <p className="plan-billed">
            {cycleLabel[cycle].billed}
            {cycle === 'yearly' && ` · ${freeMonths(plan)} months free`}
          </p>
        </div>
      ))}
      <ul className="plan-features">
        {planRows.map((row) => (
          <li key={row.label}>
            <CheckIcon /> {row.label}: {row.value(plan)}
          </li>
        ))}
        <li>
          <CheckIcon /> Backups {business.backupsPerDay} times a day
        </li>
      </ul>
      {(['monthly', 'yearly'] as const).map((cycle) => (
        <div className={`cycle-${cycle} plan-action`} key={cycle}>
          <a className={plan.recommended ? 'button' : 'button button-ghost'} href={links.order(plan.id, cycle)}>
            Get Started
            <span className="visually-hidden">
              {' '}
              with the {plan.name} plan, billed {cycle}
            </span>
          </a>
        </div>
      ))}
    </li>
  );
}

function ComparisonTable() {
  return (
    <div className="table-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
      <table className="compare">
        <caption id="compare-caption">Compare plans</caption>
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
          <tr>
            <th scope="row">Monthly</th>
            {plans.map((plan) => (
              <td key={plan.id}>{formatUsd(plan.monthlyPrice)}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Yearly</th>
            {plans.map((plan) => (
              <td key={plan.id}>{formatUsd(plan.yearlyPrice)}</td>
            ))}
          </tr>
          {planRows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {plans.map((plan) => (
                <td key={plan.id}>{row.value(plan)}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">Backups</th>
            {plans.map((plan) => (
              <td key={plan.id}>{business.backupsPerDay} a day</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Uptime guarantee</th>
            {plans.map((plan) => (
              <td key={plan.id}>{business.uptimeGuarantee}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

export function Pricing() {
  const { pricing, cloudCompute } = sharedHosting;
  const [first] = plans;
  return (
    <Section id="pricing" className="section-alt pricing" eyebrow="Pricing" title={pricing.title} intro={pricing.intro}>
      <Island name="billing-switch" props={{ freeMonths: freeMonths(first) }} />
      <ul className="plans">
        {plans.map((plan) => (
          <PlanCard plan={plan} key={plan.id} />
        ))}
      </ul>
      <ComparisonTable />
      <p className="plans-note">
        Bandwidth beyond a plan&apos;s allowance is billed at {formatUsd(business.overagePerGb)}/GB. {business.refundDays}-day money-back
        guarantee; yearly plans are not prorated after that.
      </p>
      <div className="card cloud-compute">
        <div>
          <h3>{cloudCompute.title}</h3>
          <p>{cloudCompute.text}</p>
        </div>
        <a className="button button-ghost" href="/contact">
          {cloudCompute.actionLabel}
        </a>
      </div>
    </Section>
  );
}
