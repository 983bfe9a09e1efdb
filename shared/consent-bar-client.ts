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
// no layout shift). Shown on arrival, it takes no focus; a choice made in it
// leaves the visitor where they were: the page does not scroll, and focus goes
// back to where it was before the bar took it, if that is on screen, else to
// the first control at the visitor's reading place (never above the viewport:
// WCAG 2.4.3). Reopened from Cookie settings, it takes focus, says what the
// visitor chose before and can be closed (Escape or its close button) keeping
// that choice; focus then goes back to Cookie settings.
import { choose, currentConsent, follow, type ConsentChoice } from './analytics.js';
import { storedConsent } from './consent-script.js';
import { consent as labels } from './content/consent.labels.md';

const currentText: Record<ConsentChoice, string> = { granted: labels.granted, denied: labels.denied };

const root = () => document.documentElement;

/** What Tab can reach. */
const tabbable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

const drawn = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';

/**
 * Puts focus at the visitor's place without scrolling: on `before` (where
 * focus was before the bar took it) if it is still drawn with its top on
 * screen, else on the first control whose top is at or below the sticky
 * header's bottom: the first in view, or the next after the reading place.
 * With none (nothing to reach below), focus is let go rather than put above.
 */
function focusAtPlace(before: HTMLElement | undefined, region: HTMLElement): void {
  const header = document.querySelector('.site-header');
  const below = Math.max(0, header?.getBoundingClientRect().bottom ?? 0);
  if (before?.isConnected && drawn(before)) {
    before.focus({ preventScroll: true });
    // The header's own controls, and the skip link drawn over it, are on screen above its bottom.
    const from = header?.contains(before) || before.matches('.skip-link') ? 0 : below;
    const { top } = before.getBoundingClientRect();
    if (document.activeElement === before && top >= from && top < innerHeight) return;
  }
  const next = [...document.querySelectorAll<HTMLElement>(tabbable)].find(
    (element) =>
      !region.contains(element) &&
      !header?.contains(element) &&
      element.tabIndex >= 0 &&
      !element.closest('[inert], dialog:not([open])') &&
      drawn(element) &&
      element.getBoundingClientRect().top >= below,
  );
  if (next) next.focus({ preventScroll: true });
  else (document.activeElement as HTMLElement | null)?.blur();
}

export function startConsentBar(gtmId: string): void {
  const region = document.querySelector<HTMLElement>('[data-wired="consent"]');
  if (!region) return;
  const current = region.querySelector<HTMLElement>('[data-consent-current]');
  const closeButton = region.querySelector<HTMLElement>('[data-consent-close]');
  /** The Cookie settings button that reopened the bar, to return focus to. */
  let opener: HTMLElement | undefined;
  /**
   * The last element focused outside the bar: where focus was before the bar
   * took it. This module may start after the visitor has put focus somewhere
   * (it loads with the client, after the page): that counts too.
   */
  const focused = document.activeElement;
  let before = focused instanceof HTMLElement && focused !== document.body && !region.contains(focused) ? focused : undefined;
  document.addEventListener('focusin', ({ target }) => {
    if (target instanceof HTMLElement && !region.contains(target)) before = target;
  });

  /** Lets go of the room kept after the bar closed (see close). */
  let releaseRoom = (): void => {};

  /**
   * Gives focus back to Cookie settings with its ring drawn when the visitor
   * closed from the keyboard: a browser may not draw it for focus a script
   * moves after the mouse opened the bar (Firefox, WebKit). `focusVisible`
   * asks for it where supported; a class draws it where not, until focus leaves.
   */
  const focusOpener = (from: HTMLElement, byKeyboard: boolean): void => {
    from.focus({ focusVisible: byKeyboard } as FocusOptions);
    if (!byKeyboard || from.matches(':focus-visible')) return;
    from.classList.add('focus-ring');
    from.addEventListener('blur', () => from.classList.remove('focus-ring'), { once: true });
  };

  const close = (byKeyboard = false): void => {
    // The bar's button, or nothing where a click focuses no button (WebKit): either way, focus is not at the visitor's place.
    const focusLost = region.contains(document.activeElement) || !document.activeElement || document.activeElement === document.body;
    // A visitor who sees the room kept below the page's end (at the footer, where Cookie settings is) would see the
    // page drop by the bar's height as the room goes: it stays until they scroll it out of view.
    const room = parseFloat(getComputedStyle(root()).paddingBottom) || 0;
    if (room > 0 && scrollY + innerHeight > root().scrollHeight - room) {
      root().style.paddingBottom = `${room}px`;
      const release = () => {
        if (scrollY + innerHeight > root().scrollHeight - room) return;
        releaseRoom();
      };
      releaseRoom = () => {
        root().style.removeProperty('padding-bottom');
        removeEventListener('scroll', release);
        releaseRoom = () => {};
      };
      addEventListener('scroll', release, { passive: true });
    }
    delete root().dataset.consentBar;
    if (current) current.hidden = true;
    if (closeButton) closeButton.hidden = true;
    if (focusLost) {
      if (opener) focusOpener(opener, byKeyboard);
      else focusAtPlace(before, region);
    }
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
        releaseRoom();
        root().dataset.consentBar = 'open';
        region.focus();
      });
    }
  }

  for (const button of region.querySelectorAll<HTMLElement>('[data-consent-choice]')) {
    button.addEventListener('click', (event) => {
      choose(gtmId, button.dataset.consentChoice === 'granted' ? 'granted' : 'denied');
      close(event.detail === 0);
    });
  }

  // Closing without choosing is offered only when reopened: there is a choice to keep.
  // A click with no pointer behind it (detail 0) is the keyboard's Enter or Space.
  closeButton?.addEventListener('click', (event) => close(event.detail === 0));
  region.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && opener) {
      event.preventDefault();
      close(true);
    }
  });

  // A page restored from the back/forward cache (Back, Forward) comes back as it was left, and the visitor may have
  // chosen on another page since: a refusal holds here at once (the tag is shut out and told), an Accept is followed,
  // and a bar that asked is put away.
  addEventListener('pageshow', (event) => {
    const stored = storedConsent();
    if (!event.persisted || (stored !== 'granted' && stored !== 'denied') || stored === currentConsent()) return;
    follow(gtmId, stored);
    if (root().dataset.consentBar === 'open') close();
  });
}
