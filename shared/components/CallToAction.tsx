import { ArrowIcon } from './icons.js';
import { migrationCallToAction } from '../content/offers.js';

export interface CallToActionProps {
  title: string;
  text: string;
  actionLabel: string;
  actionHref: string;
}

/** The closing banner of a page; by default the free-migration offer. */
export function CallToAction(props: Partial<CallToActionProps>) {
  const { title, text, actionLabel, actionHref } = {
    ...migrationCallToAction,
    actionHref: migrationCallToAction.actionPath,
    ...props,
  };
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
