// The Monthly / Yearly switch of the pricing section. It is two native radio
// buttons: the stylesheet shows the prices, labels and order links of the
// checked one (with :has()), so it works without JavaScript and the page stays
// one cacheable document. Hydrated, it also announces the change to screen readers.
import { useState } from 'react';

export interface BillingSwitchProps {
  freeMonths: number;
}

export function BillingSwitch({ freeMonths }: BillingSwitchProps) {
  const [announcement, setAnnouncement] = useState('');
  return (
    <fieldset className="billing-switch">
      <legend>Billing period</legend>
      <div className="billing-options">
        <input
          type="radio"
          id="billing-monthly"
          name="billing"
          value="monthly"
          defaultChecked
          onChange={() => setAnnouncement('Showing monthly prices.')}
        />
        <label htmlFor="billing-monthly">Monthly</label>
        <input
          type="radio"
          id="billing-yearly"
          name="billing"
          value="yearly"
          onChange={() => setAnnouncement(`Showing yearly prices, with ${freeMonths} months free.`)}
        />
        <label htmlFor="billing-yearly">
          Yearly <span className="billing-save">{freeMonths} months free</span>
        </label>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </fieldset>
  );
}
