// The desktop Services dropdown. Before hydration (or when the client script
// never arrives) the stylesheet opens it on hover and focus; once hydrated it
// opens on click, on a resting mouse, and closes on Escape, focus leaving or a
// click elsewhere.
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronIcon } from '../components/icons.js';
import { menuItem, type MenuLink } from './menu-links.js';
import { header as labels } from '../content/header.labels.md';

/**
 * A mouse resting on Services opens its menu, and leaving it closes it, each
 * after a pause: a pointer crossing the header on its way elsewhere opens
 * nothing, and one that strays off the menu for a moment does not lose it.
 */
const HOVER_OPEN_MS = 150;
const HOVER_CLOSE_MS = 300;

export function ServicesDropdown({ currentPath, servicesMenu }: { currentPath: string; servicesMenu: MenuLink[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const dropdown = useRef<HTMLLIElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Opened by the mouse resting on it: a click then keeps it open instead of closing it.
  const openedByHover = useRef(false);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  // Before the island is live the stylesheet opens the menu on hover and focus;
  // the island is upgraded by that very hover or focus, and keeps it open
  // instead of closing it under the visitor. A click held meanwhile (shared/bootstrap.ts) then keeps it open too.
  useEffect(() => {
    if (dropdown.current?.matches(':hover, :focus-within')) {
      openedByHover.current = true;
      setOpen(true);
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    function closeOnOutsideClick(event: MouseEvent) {
      if (!dropdown.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('click', closeOnOutsideClick);
    return () => document.removeEventListener('click', closeOnOutsideClick);
  }, [open]);

  function onPointer(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    const entering = event.type === 'pointerenter';
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(
      () => {
        openedByHover.current = entering;
        setOpen(entering);
      },
      entering ? HOVER_OPEN_MS : HOVER_CLOSE_MS,
    );
  }

  function onClick() {
    clearTimeout(hoverTimer.current);
    // Read from the ref, not from `open`: a click can come after the mouse's
    // pause opened the menu but before that render, and must not close it.
    if (openedByHover.current) {
      openedByHover.current = false;
      setOpen(true);
    } else setOpen((wasOpen) => !wasOpen);
  }

  /** Focus moving to anything outside the menu (Tab past its last link, Shift+Tab before it) closes it. */
  function onBlur(event: FocusEvent) {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    }
  }

  const active = servicesMenu.some((item) => item.path === currentPath);
  return (
    // Escape from the button or any link inside closes the menu: caught here, where they meet.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the list item takes no focus itself
    <li
      className="dropdown"
      ref={dropdown}
      data-open={open || undefined}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onPointerEnter={onPointer}
      onPointerLeave={onPointer}
    >
      <button
        ref={button}
        type="button"
        className={active ? 'nav-button is-active' : 'nav-button'}
        aria-expanded={open}
        aria-controls="services-menu"
        onClick={onClick}
      >
        {`${labels.services} `}
        <ChevronIcon />
      </button>
      <ul id="services-menu" className="submenu">
        {servicesMenu.map(menuItem(currentPath))}
      </ul>
    </li>
  );
}
