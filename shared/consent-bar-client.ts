// What the consent bar (shared/components/ConsentBar.tsx) does, in the
// browser: Accept and Reject, and Cookie settings in the footer to reopen it.
// A module of its own, loaded by the client entry only on a page that has the
// bar (analytics configured), so the pages pay nothing for it, and plain DOM
// code: it needs nothing of React.
//
// While the bar shows, the page keeps room below its end for it, and the
// browser keeps what it scrolls into view (a focused control, a link's
// target) above it: the bar's height is both the page's bottom padding and
// its bottom scroll padding (room added at the end moves nothing on screen:
// no layout shift). Shown on arrival, it takes no focus; after a choice made
// in it, focus goes back to the skip link before it, where Tab goes on into
// the page. Reopened from Cookie settings, it takes focus, says what the
// visitor chose before and can be closed (Escape or its close button) keeping
// that choice; focus then goes back to Cookie settings.
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
  const closeButton = region.querySelector<HTMLElement>('[data-consent-close]');
  /** The Cookie settings button that reopened the bar, to return focus to. */
  let opener: HTMLElement | undefined;

  const close = (): void => {
    const hadFocus = region.contains(document.activeElement);
    delete root().dataset.consentBar;
    if (current) current.hidden = true;
    if (closeButton) closeButton.hidden = true;
    if (hadFocus) (opener ?? document.querySelector<HTMLElement>('.skip-link'))?.focus();
    opener = undefined;
  };

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
        if (closeButton) closeButton.hidden = false;
        root().dataset.consentBar = 'open';
        region.focus();
      });
    }
  }

  for (const button of region.querySelectorAll<HTMLElement>('[data-consent-choice]')) {
    button.addEventListener('click', () => {
      choose(gtmId, button.dataset.consentChoice === 'granted' ? 'granted' : 'denied');
      close();
    });
  }

  // Closing without choosing is offered only when reopened: there is a choice to keep.
  closeButton?.addEventListener('click', close);
  region.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && opener) {
      event.preventDefault();
      close();
    }
  });

  // The scroll padding places a control reached by Tab above the bar, but a
  // browser scrolls a text field only as far as its caret (Chromium: a
  // textarea's first line), and leaves a control that was already partly in
  // view where it is: whatever still meets the bar once the browser has
  // scrolled is brought fully into view (as much as fits, for one taller than
  // the room left). Only what the bar is drawn over: a dialog or the phone
  // menu above it covers the bar, not the other way round.
  document.addEventListener('focusin', ({ target }) => {
    if (root().dataset.consentBar !== 'open' || !(target instanceof Element) || region.contains(target)) return;
    requestAnimationFrame(() => {
      const box = target.getBoundingClientRect();
      const barTop = region.getBoundingClientRect().top;
      if (box.bottom <= barTop) return;
      const drawn = document.elementFromPoint(box.left + box.width / 2, Math.max(box.top, barTop) + 1);
      if (drawn && region.contains(drawn)) target.scrollIntoView({ block: 'nearest' });
    });
  });

  // The room kept below the page follows the bar's height (it grows with text zoom and narrow screens).
  new ResizeObserver(([entry]) => {
    const height = entry?.borderBoxSize[0]?.blockSize ?? 0;
    if (height > 0) root().style.setProperty('--consent-bar-height', `${Math.ceil(height)}px`);
  }).observe(region);
}
