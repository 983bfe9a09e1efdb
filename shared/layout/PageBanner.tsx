// The banner at the top of every inner page: its heading and the breadcrumb,
// and beside them (below on a tablet when the heading is long) what most
// visitors came to the page for where it has one, else the page's summary.
// On a phone the summary is left out: the page's content starts it anyway, and
// the band stays short (docs/decisions/021-banner-summary.md).
import { ArrowIcon } from '../components/icons.js';
import type { Crumb, RouteDef } from '../routes.js';
import { page as pageLabels } from '../content/header.labels.md';

export function PageBanner({ title, lead, crumbs, link }: { title: string; lead: string; crumbs: Crumb[]; link?: RouteDef['bannerLink'] }) {
  return (
    <div className="page-banner">
      <div className="container ends">
        <div>
          <h1>{title}</h1>
          <nav aria-label={pageLabels.breadcrumb}>
            <ol className="breadcrumb">
              {crumbs.map((crumb, index) => (
                <li key={`${index}-${crumb.label}`}>
                  {crumb.path !== undefined ? (
                    <a href={crumb.path}>{crumb.label}</a>
                  ) : (
                    <span aria-current={index === crumbs.length - 1 ? 'page' : undefined}>{crumb.label}</span>
                  )}
                </li>
              ))}
            </ol>
          </nav>
        </div>
        {link ? (
          <a className="button button-light" href={link.href}>
            {link.label} <ArrowIcon />
          </a>
        ) : (
          <p className="page-banner-lead">{lead}</p>
        )}
      </div>
    </div>
  );
}
