// The consent bar: a small, non-modal region at the bottom of the viewport
// that asks whether analytics may run, with Accept and Reject of equal weight
// and a link to the Privacy Policy. Rendered into every page when GTM_ID is
// set and hidden; the inline consent script shows it before the first paint
// for a visitor who has not chosen (shared/consent-script.ts), so the page
// stays the same document for everyone. Last in the document, so keyboard
// users meet it after the page's own content, and never trapped in it. While
// it shows, the page keeps room below its end for it, so nothing stays
// covered (room added at the end moves nothing on screen: no layout shift).
// "Cookie settings" in the footer reopens it.
import { useEffect, useRef, useState } from 'react';
import { choose, currentConsent, type ConsentChoice } from '../analytics.js';
import { routePaths } from '../paths.js';

export interface ConsentBarProps {
  gtmId: string;
}

const currentText: Record<ConsentChoice, string> = {
  granted: 'Your current choice: analytics accepted.',
  denied: 'Your current choice: analytics rejected.',
};

const root = () => document.documentElement;

export function ConsentBar({ gtmId }: ConsentBarProps) {
  const region = useRef<HTMLElement>(null);
  /** Set when the visitor reopened the bar: what they chose before, and the control to return focus to. */
  const [reopened, setReopened] = useState<{ current: ConsentChoice | undefined; opener: HTMLElement } | null>(null);

  useEffect(() => {
    // The footer's buttons stay hidden until there is a script to answer them,
    // and under Global Privacy Control, which nobody is asked to change here.
    if (currentConsent() === 'gpc') return;
    const buttons = [...document.querySelectorAll<HTMLElement>('[data-consent-settings]')];
    const reopen = (event: Event) => {
      const consent = currentConsent();
      setReopened({
        current: consent === 'granted' || consent === 'denied' ? consent : undefined,
        opener: event.currentTarget as HTMLElement,
      });
      root().dataset.consentBar = 'open';
    };
    for (const button of buttons) {
      button.hidden = false;
      button.addEventListener('click', reopen);
    }
    return () => buttons.forEach((button) => button.removeEventListener('click', reopen));
  }, []);

  useEffect(() => {
    // Asked for by the visitor: take them there. Shown on arrival: focus stays where it is.
    if (reopened) region.current?.focus();
  }, [reopened]);

  useEffect(() => {
    // The room kept below the page follows the bar's height (it grows with text zoom and narrow screens).
    const resizing = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? 0;
      if (height > 0) root().style.setProperty('--consent-bar-height', `${Math.ceil(height)}px`);
    });
    if (region.current) resizing.observe(region.current);
    return () => resizing.disconnect();
  }, []);

  const decide = (choice: ConsentChoice) => {
    const hadFocus = region.current?.contains(document.activeElement) ?? false;
    choose(gtmId, choice);
    delete root().dataset.consentBar;
    // Focus is not lost with the bar: it goes to the control that changes the choice later.
    if (hadFocus) (reopened?.opener ?? document.querySelector<HTMLElement>('[data-consent-settings]'))?.focus();
    setReopened(null);
  };

  return (
    <section className="consent-bar" aria-labelledby="consent-title" tabIndex={-1} ref={region}>
      <div className="consent-text">
        <h2 id="consent-title" className="consent-title">
          Analytics cookies
        </h2>
        <p>
          May we count your visit with Google Analytics, to learn which pages help? No advertising; nothing loads unless you accept.{' '}
          <a href={`${routePaths.privacy}#cookies-and-analytics`}>How we use analytics</a>
        </p>
        {reopened?.current && <p className="consent-current">{currentText[reopened.current]}</p>}
      </div>
      <div className="consent-actions">
        <button type="button" className="button button-small" onClick={() => decide('granted')}>
          Accept
        </button>
        <button type="button" className="button button-small" onClick={() => decide('denied')}>
          Reject
        </button>
      </div>
    </section>
  );
}
