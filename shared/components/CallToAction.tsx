import { ArrowIcon } from './icons.js';
import { callToActionOf, sectionOf } from '../content/markdown.js';
import siteWide from '../content/site-wide.shared.md';
import { useSite } from '../site-config.js';

export interface CallToActionProps {
  title: string;
  text: string;
  actionLabel: string;
  actionHref: string;
}

/** The closing banner of a page; by default the free-migration offer (shared/content/site-wide.shared.md). */
export function CallToAction(props: Partial<CallToActionProps>) {
  const site = useSite();
  const { title, text, actionLabel, actionHref } = { ...callToActionOf(sectionOf(siteWide, 'migration'), site), ...props };
  return (
    <section className="cta" aria-labelledby="cta-title">
      <div className="container ends">
        <div>
          <h2 id="cta-title">{title}</h2>
          <p>{text}</p>
        </div>
        <a className="button button-light" href={actionHref}>
          {actionLabel} <ArrowIcon />
        </a>
      </div>
    </section>
  );
}
