// The banner at the top of every inner page: its heading and the breadcrumb.
import type { Crumb } from '../routes.js';

export function PageBanner({ title, crumbs }: { title: string; crumbs: Crumb[] }) {
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
      </div>
    </div>
  );
}
