// The menu under 992 px. The server writes it twice: a native <details>
// disclosure that works with no script at all (JavaScript off, or the client
// entry failing to load or still loading), and the button that opens the
// overlay dialog once the island is live. The stylesheet shows the disclosure
// until the header island is live (data-upgraded), and keeps an open one on screen until the
// visitor closes it, so an upgrade never pulls the menu from under a finger.
import { useState, type ReactNode } from 'react';
import { Modal } from '../components/Modal.js';
import { ChevronIcon, MenuIcon } from '../components/icons.js';
import { menuItem, type MenuLink } from './menu-links.js';
import { header as labels } from '../content/header.labels.md';

interface PhoneMenuProps {
  currentPath: string;
  mainMenu: MenuLink[];
  servicesMenu: MenuLink[];
  /** Items every version of the menu ends with: the portal and the contact details. */
  extras: ReactNode;
  /** Shown only in the overlay: the control that opens the contact details dialog. */
  contactDetails: ReactNode;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}

export function PhoneMenu({ currentPath, mainMenu, servicesMenu, extras, contactDetails, open, onOpen, onClose }: PhoneMenuProps) {
  const [servicesOpen, setServicesOpen] = useState(currentPath.startsWith('/services/'));
  const item = menuItem(currentPath);
  // The Services group sits before the last main item (Contact), as in the desktop bar.
  const beforeServices = mainMenu.slice(0, -1).map(item);
  const afterServices = mainMenu.slice(-1).map(item);
  return (
    <>
      <details className="menu-fallback">
        <summary className="icon-button" aria-label={labels.openMenu}>
          <MenuIcon />
        </summary>
        <nav aria-label={labels.phoneMenu} className="menu-fallback-panel">
          <ul className="overlay-list">
            {beforeServices}
            <li>
              <details className="overlay-group" open={servicesOpen}>
                <summary className="overlay-group-toggle">
                  {`${labels.services} `}
                  <ChevronIcon />
                </summary>
                <ul className="overlay-sublist">{servicesMenu.map(item)}</ul>
              </details>
            </li>
            {afterServices}
            {extras}
          </ul>
        </nav>
      </details>
      <button
        type="button"
        className="icon-button menu-toggle"
        aria-expanded={open}
        aria-controls="overlay-menu"
        aria-label={labels.openMenu}
        onClick={onOpen}
      >
        <MenuIcon />
      </button>
      <Modal id="overlay-menu" title={labels.menu} className="overlay-menu" open={open} onClose={onClose}>
        <nav aria-label={labels.phoneMenu}>
          <ul className="overlay-list">
            {beforeServices}
            <li>
              <button
                type="button"
                className="overlay-group-toggle"
                aria-expanded={servicesOpen}
                aria-controls="overlay-services"
                onClick={() => setServicesOpen((wasOpen) => !wasOpen)}
              >
                {`${labels.services} `}
                <ChevronIcon />
              </button>
              <ul id="overlay-services" className="overlay-sublist" hidden={!servicesOpen}>
                {servicesMenu.map(item)}
              </ul>
            </li>
            {afterServices}
            {contactDetails}
            {extras}
          </ul>
        </nav>
      </Modal>
    </>
  );
}
