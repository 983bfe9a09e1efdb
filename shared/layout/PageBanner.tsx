// The banner at the top of every inner page: its heading, the breadcrumb and,
// where the page has one, a jump to what most visitors came for.
import { ArrowIcon } from '../components/icons.js';
import type { Crumb, RouteDef } from '../routes.js';

export function PageBanner({ title, crumbs, link }: { title: string; crumbs: Crumb[]; link?: RouteDef['bannerLink'] }) {
  return (
    <div className="page-banner">
      <div className="container">
        <h1>{title}</h1>
        <nav aria-label="Breadcrumb">
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
        {link && (
          <p className="page-banner-action">
            <a className="button button-light" href={link.href}>
              {link.label} <ArrowIcon />
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
