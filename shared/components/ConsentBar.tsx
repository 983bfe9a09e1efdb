// The consent bar: a small, non-modal region at the bottom of the viewport
// that asks whether analytics may run, with Accept and Reject of equal weight
// and a link to the Privacy Policy. Rendered into every page when GTM_ID is
// set and hidden; the inline consent script shows it before the first paint
// for a visitor who has not chosen (shared/consent-script.ts), so the page
// stays the same document for everyone.
//
// First in the focus order after the skip link (shared/document.tsx), and
// Accept and Reject before the link, so a keyboard user reaches the choice
// in two or three Tabs instead of after the whole page; never trapped in it.
// A choice leaves the visitor where they were: no scroll, focus at their place
// (shared/consent-bar-client.ts).
// The close button shows only when the visitor reopened the bar from Cookie
// settings: closing keeps the choice made before. A first visit has no
// choice to keep, so it offers none.
//
// Markup only: it is the consent island, whose buttons are wired after the
// first paint by plain DOM code (client/islands/consent.ts), not by React, so
// the pages without analytics carry none of its code. A tap on its buttons
// before that is held and replayed (shared/bootstrap.ts).
import { useAssets } from '../assets.js';
import { islandAttributes } from '../island.js';
import { callToActionOf, sectionOf } from '../content/markdown.js';
import siteWide from '../content/site-wide.shared.md';
import { useSite } from '../site-config.js';
import { CloseIcon } from './icons.js';
import { consent as labels } from '../content/consent.labels.md';

/** Its words: shared/content/site-wide.shared.md (#consent). */
const copy = sectionOf(siteWide, 'consent');

export function ConsentBar() {
  const modules = useAssets().islands.consent;
  const site = useSite();
  // Shaped as a call to action: a heading, its question, and one link (to the policy).
  const { title, text, actionLabel, actionHref } = callToActionOf(copy, site);
  return (
    <section
      className="consent-bar"
      aria-labelledby="consent-title"
      tabIndex={-1}
      data-wired="consent"
      {...islandAttributes('consent', modules, 'paint')}
    >
      <div className="consent-text">
        <h2 id="consent-title" className="consent-title">
          {title}
        </h2>{' '}
        <p>{text}</p>
        {/* Filled in when the visitor reopens the bar from Cookie settings. */}
        <p className="consent-current" data-consent-current hidden />
      </div>
      <div className="consent-actions">
        <button type="button" className="button button-small" data-consent-choice="granted">
          {labels.accept}
        </button>
        <button type="button" className="button button-small" data-consent-choice="denied">
          {labels.reject}
        </button>
        <a className="consent-link" href={actionHref}>
          {actionLabel}
        </a>
      </div>
      {/* Last, so that the bar is drawn only once it is whole (shared/styles/site.css). */}
      <button type="button" className="consent-close icon-button" aria-label={labels.close} data-consent-close hidden>
        <CloseIcon />
      </button>
    </section>
  );
}
