// Keeps what has focus, with its label, clear of the sticky header and of the
// consent bar. The stylesheet does most of it: <html>'s scroll padding is the
// header's height at the top and the open bar's at the bottom, and a form
// field's scroll margin takes in its label. But an engine leaves a control
// that is already partly in view where it is (Shift+Tab up a form: the field
// above is under the header, "in view"), and scrolls a text field only as far
// as its caret. So, once the browser has scrolled, a control still covered is
// brought clear: its label below the header, its bottom above the bar (as
// much as fits, from the top, for one taller than the room). Only where the
// header or the bar is what is drawn there: a dialog or the phone menu above
// them covers them, not the other way round. Installed by the islands whose
// controls it guards, as they go live (the forms, the consent bar): it then
// clears what has focus at once, since that focus is what upgraded them.

/** Room kept between the control and what covers it, for its focus ring. */
const GAP = 8;

let installed = false;

export function keepFocusClear(): void {
  if (installed) return;
  installed = true;
  const clearOnceScrolled = (target: EventTarget | null) => {
    // Nothing focused is the body: the page stays where the visitor (or a link to a place in it) put it.
    if (!(target instanceof HTMLElement) || target === document.body) return;
    const scrolledAtFocus = scrollY;
    const clear = () => {
      const header = document.querySelector('.site-header');
      const bar = document.querySelector('.consent-bar');
      if (document.activeElement !== target || header?.contains(target) || bar?.contains(target)) return;
      // Focus a pointer gave (a tap on a radio's label, on text inside <main>) is where the visitor is pointing, and
      // moving the page then would move it under the finger before the tap ends, losing the tap; the engine shows
      // focus it gave from the keyboard, and to a text field however it came, and those are what is cleared.
      if (!target.matches(':focus-visible')) return;
      const control = target.getBoundingClientRect();
      // Out of view, and the page scrolled since focus moved: the visitor moved on (the wheel, End), and the page stays
      // where they put it. Out of view with the page where it was, the engine has yet to scroll to it (WebKit, a tall
      // field): cleared as any other.
      if ((control.bottom <= 0 || control.top >= innerHeight) && scrollY !== scrolledAtFocus) return;
      const top = (target.closest('.field')?.querySelector('label') ?? target).getBoundingClientRect().top;
      const drawnAt = (cover: Element | null, y: number) => {
        const drawn = document.elementFromPoint(control.left + control.width / 2, y);
        return Boolean(cover && drawn && cover.contains(drawn));
      };
      const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
      const barTop = bar?.getClientRects().length ? bar.getBoundingClientRect().top : innerHeight;
      if (top < headerBottom && drawnAt(header, Math.max(top, 0) + 1)) {
        scrollBy({ top: top - headerBottom - GAP, behavior: 'instant' });
      } else if (control.bottom > barTop && drawnAt(bar, Math.min(control.bottom, innerHeight) - 1)) {
        scrollBy({ top: Math.min(control.bottom - barTop + GAP, top - headerBottom - GAP), behavior: 'instant' });
      }
    };
    // Once the browser has scrolled: in the next frame.
    requestAnimationFrame(clear);
  };
  document.addEventListener('focusin', ({ target }) => clearOnceScrolled(target));
  clearOnceScrolled(document.activeElement);
}
