// The two guarantees a buyer looks for, each linking to the clause of the
// Terms that defines it: beside the plans, and in the home page's first screen.
// Their words are in shared/content/site-wide.shared.md (#guarantees).
import { linkListOf, sectionName, sectionOf } from '../content/markdown.js';
import siteWide from '../content/site-wide.shared.md';
import { useSite } from '../site-config.js';
import { featureIcons } from './feature-icons.js';

/** The icon of each guarantee, in the order the copy lists them; one added later shows the first. */
const icons = [featureIcons.shield, featureIcons.uptime];

export function Guarantees() {
  const site = useSite();
  const section = sectionOf(siteWide, 'guarantees');
  return (
    <ul className="guarantees">
      {linkListOf(sectionName(section), section.blocks[0], site).map(({ label, href }, index) => (
        <li key={href}>
          {icons[index] ?? icons[0]}
          <a href={href}>{label}</a>
        </li>
      ))}
    </ul>
  );
}
