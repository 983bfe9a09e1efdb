// The consent bar: a small, non-modal region at the bottom of the viewport
// that asks whether analytics may run, with Accept and Reject of equal weight
// and a link to the Privacy Policy. Rendered into every page when GTM_ID is
// set and hidden; the inline consent script shows it before the first paint
// for a visitor who has not chosen (shared/consent-script.ts), so the page
// stays the same document for everyone. Last in the document, so keyboard
// users meet it after the page's own content, and never trapped in it.
//
// Markup only: its buttons are wired by a small module the client loads when
// the page has a consent bar (shared/consent-bar-client.ts), not by React, so
// the pages without analytics carry none of its code. A tap on Accept or
// Reject before that is held and replayed, as on the islands (shared/bootstrap.ts).
import { routePaths } from '../paths.js';

export function ConsentBar() {
  return (
    <section className="consent-bar" aria-labelledby="consent-title" tabIndex={-1} data-wired="consent">
      <div className="consent-text">
        <h2 id="consent-title" className="consent-title">
          Analytics cookies
        </h2>
        <p>
          May we count your visit with Google Analytics, to learn which pages help? No advertising; nothing loads unless you accept.{' '}
          <a href={`${routePaths.privacy}#cookies-and-analytics`}>How we use analytics</a>
        </p>
        {/* Filled in when the visitor reopens the bar from Cookie settings. */}
        <p className="consent-current" data-consent-current hidden />
      </div>
      <div className="consent-actions">
        <button type="button" className="button button-small" data-consent-choice="granted">
          Accept
        </button>
        <button type="button" className="button button-small" data-consent-choice="denied">
          Reject
        </button>
      </div>
    </section>
  );
}
