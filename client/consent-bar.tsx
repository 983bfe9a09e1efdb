// The consent bar: a small, non-modal region at the bottom of the viewport
// that asks whether analytics may run, with Accept and Reject of equal weight
// and a link to the Privacy Policy. Drawn by the client, so the page's HTML
// stays the same for every visitor; placed last in the document, so keyboard
// users meet it after the page's own content, and never trapped in it. While
// it shows, the page gets room below its end for the bar, so nothing is
// covered for good (adding room at the end moves nothing on screen: no layout
// shift).
import { useEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { routePaths } from '../shared/paths.js';
import type { ConsentChoice } from './consent.js';

export interface ConsentBarOptions {
  current: ConsentChoice | undefined;
  choose: (choice: ConsentChoice) => void;
  /** The control that reopened the bar: focus moves into the bar, and back to it afterwards. */
  opener?: HTMLElement | undefined;
}

const currentText: Record<ConsentChoice, string> = {
  granted: 'Your current choice: analytics accepted.',
  denied: 'Your current choice: analytics rejected.',
};

function ConsentBar({ current, choose, opener, close }: ConsentBarOptions & { close: () => void }) {
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    // Asked for by the visitor: take them there. Shown on arrival: leave focus where it is.
    if (opener) region.current?.focus();
  }, [opener]);
  const decide = (choice: ConsentChoice) => {
    const hadFocus = region.current?.contains(document.activeElement) ?? false;
    choose(choice);
    close();
    // Focus is not lost with the bar: it goes to the control that changes the choice later.
    if (hadFocus) (opener ?? document.querySelector<HTMLElement>('[data-consent-settings]'))?.focus();
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
        {current && <p className="consent-current">{currentText[current]}</p>}
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

let root: Root | undefined;
let host: HTMLElement | undefined;
let resizing: ResizeObserver | undefined;

function close(): void {
  root?.unmount();
  host?.remove();
  resizing?.disconnect();
  root = host = resizing = undefined;
  document.documentElement.style.removeProperty('--consent-bar-height');
  document.body.classList.remove('has-consent-bar');
}

export function showConsentBar(options: ConsentBarOptions): void {
  close();
  host = document.createElement('div');
  host.className = 'consent-host';
  document.body.append(host);
  // The room kept below the page follows the bar's height (it grows with text zoom and narrow screens).
  resizing = new ResizeObserver(([entry]) => {
    document.documentElement.style.setProperty('--consent-bar-height', `${Math.ceil(entry!.borderBoxSize[0]!.blockSize)}px`);
  });
  resizing.observe(host);
  document.body.classList.add('has-consent-bar');
  root = createRoot(host);
  root.render(<ConsentBar {...options} close={close} />);
}
