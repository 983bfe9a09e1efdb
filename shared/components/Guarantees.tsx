// The two guarantees a buyer looks for, each linking to the clause of the
// Terms that defines it: beside the plans, and in the home page's first screen.
import { business } from '../content/business.js';
import { termsClauses } from '../content/legal.js';
import { routePaths } from '../paths.js';
import { featureIcons } from './feature-icons.js';

/** The two guarantees, beside the plans, each linking to the clause of the Terms that defines it. */
export function Guarantees() {
  return (
    <ul className="guarantees">
      <li>
        {featureIcons.shield}
        <a href={`${routePaths.terms}#${termsClauses.refunds}`}>{`${business.refundDays}-day money-back guarantee`}</a>
      </li>
      <li>
        {featureIcons.uptime}
        {/* One text node each: React marks the joins of separate ones in the HTML, bytes a page's first round trip lacks. */}
        <a href={`${routePaths.terms}#${termsClauses.uptime}`}>
          {`${business.uptimeGuarantee} uptime, or ${business.slaCreditMultiplier}× the downtime back in credit`}
        </a>
      </li>
    </ul>
  );
}
