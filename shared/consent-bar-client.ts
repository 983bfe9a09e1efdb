// What the consent bar (shared/components/ConsentBar.tsx) does, in the
// browser: Accept and Reject, and Cookie settings in the footer to reopen it.
// A module of its own, loaded by the client entry only on a page that has the
// bar (analytics configured), so the pages pay nothing for it, and plain DOM
// code: it needs nothing of React.
//
// While the bar shows, the page keeps room below its end for it, so nothing
// stays covered (room added at the end moves nothing on screen: no layout
// shift). Shown on arrival, it takes no focus; reopened from Cookie settings,
// it takes focus and says what the visitor chose before; after a choice, focus
// goes back to Cookie settings.
import { choose, currentConsent, type ConsentChoice } from './analytics.js';

const currentText: Record<ConsentChoice, string> = {
  granted: 'Your current choice: analytics accepted.',
  denied: 'Your current choice: analytics rejected.',
};

const root = () => document.documentElement;

export function startConsentBar(gtmId: string): void {
  const region = document.querySelector<HTMLElement>('[data-wired="consent"]');
  if (!region) return;
  const current = region.querySelector<HTMLElement>('[data-consent-current]');
  /** The Cookie settings button that reopened the bar, to return focus to. */
  let opener: HTMLElement | undefined;

  // The footer's buttons stay hidden until there is a script to answer them,
  // and under Global Privacy Control, which nobody is asked to change here.
  if (currentConsent() !== 'gpc') {
    for (const button of document.querySelectorAll<HTMLElement>('[data-consent-settings]')) {
      button.hidden = false;
      button.addEventListener('click', () => {
        const consent = currentConsent();
        opener = button;
        if (current) {
          current.textContent = consent === 'granted' || consent === 'denied' ? currentText[consent] : '';
          current.hidden = !current.textContent;
        }
        root().dataset.consentBar = 'open';
        region.focus();
      });
    }
  }

  for (const button of region.querySelectorAll<HTMLElement>('[data-consent-choice]')) {
    button.addEventListener('click', () => {
      const hadFocus = region.contains(document.activeElement);
      choose(gtmId, button.dataset.consentChoice === 'granted' ? 'granted' : 'denied');
      delete root().dataset.consentBar;
      if (current) current.hidden = true;
      if (hadFocus) (opener ?? document.querySelector<HTMLElement>('[data-consent-settings]'))?.focus();
      opener = undefined;
    });
  }

  // The room kept below the page follows the bar's height (it grows with text zoom and narrow screens).
  new ResizeObserver(([entry]) => {
    const height = entry?.borderBoxSize[0]?.blockSize ?? 0;
    if (height > 0) document.body.style.setProperty('--consent-bar-height', `${Math.ceil(height)}px`);
  }).observe(region);
}
