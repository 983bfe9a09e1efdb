// The Monthly / Yearly switch of the pricing section. It is two native radio
// buttons: the stylesheet shows the prices, labels and order links of the
// checked one (with :has()), so it works without JavaScript and the page stays
// one cacheable document. Upgraded (client/islands/billing-switch.ts, plain DOM
// code), it also announces the change to screen readers in its status line.
import type { BillingCycle } from '../links.js';
import { plans as labels } from '../content/plans.labels.md';
import { fill } from '../content/labels.js';

export interface BillingSwitchProps {
  freeMonths: number;
  /** What the status line says once a period is picked, by period. */
  announcements: Record<BillingCycle, string>;
}

export function BillingSwitch({ freeMonths }: BillingSwitchProps) {
  return (
    <fieldset className="billing-switch">
      <legend>{labels.billingPeriod}</legend>
      <div className="billing-options">
        <input type="radio" id="billing-monthly" name="billing" value="monthly" defaultChecked />
        <label htmlFor="billing-monthly">{labels.monthly}</label>
        <input type="radio" id="billing-yearly" name="billing" value="yearly" />
        <label htmlFor="billing-yearly">
          {labels.yearly} <span className="billing-save">{fill(labels.monthsFree, { months: freeMonths })}</span>
        </label>
      </div>
      <p className="visually-hidden" role="status"></p>
    </fieldset>
  );
}

/** The switch's props for the plans' yearly saving. */
export function billingSwitchProps(freeMonths: number): BillingSwitchProps {
  return {
    freeMonths,
    announcements: {
      monthly: labels.showingMonthly,
      yearly: fill(labels.showingYearly, { months: freeMonths }),
    },
  };
}
