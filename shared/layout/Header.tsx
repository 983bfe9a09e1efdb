// The site header: brand, main navigation with the Services dropdown, the
// search and contact modals, Client Login, and under 992 px an overlay menu.
// Hydrated as an island; before hydration (or without JavaScript) the dropdown
// still opens on hover and focus through CSS. Its menus come as props, drawn by
// the server from the route table, so the table itself stays out of the client.
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { Modal } from '../components/Modal.js';
import { SearchPanel } from '../components/SearchPanel.js';
import { ContactDetails } from '../components/ContactDetails.js';
import { externalLinks } from '../links.js';
import { useSite } from '../site-config.js';
import { ChevronIcon, ExternalIcon, InfoIcon, LogoMark, MenuIcon, SearchIcon } from '../components/icons.js';

export interface MenuLink {
  path: string;
  label: string;
}

/** What only the page knows; the brand and every address come from the site's configuration (SiteContext). */
export interface HeaderProps {
  currentPath: string;
  mainMenu: MenuLink[];
  servicesMenu: MenuLink[];
  /** Hashed URL of the search index, fetched the first time search opens. */
  searchIndexUrl: string;
}

type OpenModal = 'none' | 'search' | 'info';

/**
 * A mouse resting on Services opens its menu, and leaving it closes it, each
 * after a pause: a pointer crossing the header on its way elsewhere opens
 * nothing, and one that strays off the menu for a moment does not lose it.
 */
const HOVER_OPEN_MS = 150;
const HOVER_CLOSE_MS = 300;

export function Header(props: HeaderProps) {
  const { currentPath } = props;
  const site = useSite();
  const brandName = site.brandName;
  const links = externalLinks(site);
  const clientLoginUrl = links.clientLogin;
  const [servicesOpen, setServicesOpen] = useState(false);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [overlayServicesOpen, setOverlayServicesOpen] = useState(currentPath.startsWith('/services/'));
  const [modal, setModal] = useState<OpenModal>('none');
  const servicesButton = useRef<HTMLButtonElement>(null);
  const dropdown = useRef<HTMLLIElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Opened by the mouse resting on it: a click then keeps it open instead of closing it.
  const openedByHover = useRef(false);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  function onDropdownPointer(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    const open = event.type === 'pointerenter';
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(
      () => {
        openedByHover.current = open;
        setServicesOpen(open);
      },
      open ? HOVER_OPEN_MS : HOVER_CLOSE_MS,
    );
  }

  function onServicesClick() {
    clearTimeout(hoverTimer.current);
    if (openedByHover.current && servicesOpen) openedByHover.current = false;
    else setServicesOpen((open) => !open);
  }

  /** Focus moving to anything outside the menu (Tab past its last link, Shift+Tab before it) closes it. */
  function onDropdownBlur(event: FocusEvent) {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) setServicesOpen(false);
  }

  useEffect(() => {
    if (!servicesOpen) return;
    function closeOnOutsideClick(event: MouseEvent) {
      if (!dropdown.current?.contains(event.target as Node)) setServicesOpen(false);
    }
    document.addEventListener('click', closeOnOutsideClick);
    return () => document.removeEventListener('click', closeOnOutsideClick);
  }, [servicesOpen]);

  function onDropdownKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && servicesOpen) {
      setServicesOpen(false);
      servicesButton.current?.focus();
    }
  }

  const { mainMenu, servicesMenu } = props;
  const current = (path: string) => (path === currentPath ? ('page' as const) : undefined);
  const servicesActive = servicesMenu.some((item) => item.path === currentPath);

  const link = (item: MenuLink) => (
    <li key={item.path}>
      <a href={item.path} aria-current={current(item.path)}>
        {item.label}
      </a>
    </li>
  );
  const serviceLinks = servicesMenu.map(link);

  // What a phone visitor needs besides the pages: the portal, and a call.
  const portalAndPhone = (
    <>
      <li>
        <a href={clientLoginUrl}>
          Client Login <ExternalIcon />
        </a>
      </li>
      <li>
        <a href={links.tel}>Call {site.supportPhone}</a>
      </li>
    </>
  );

  // The Services dropdown sits before the last main item (Contact).
  const beforeServices = mainMenu.slice(0, -1);
  const afterServices = mainMenu.slice(-1);

  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="brand" href="/">
          <LogoMark />
          <span>{brandName}</span>
        </a>
        <nav className="nav-desktop" aria-label="Main">
          <ul className="nav-list">
            {beforeServices.map(link)}
            {/* Escape from the button or any link inside closes the menu: caught here, where they meet. */}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the list item takes no focus itself */}
            <li
              className="dropdown"
              ref={dropdown}
              data-open={servicesOpen || undefined}
              onKeyDown={onDropdownKeyDown}
              onBlur={onDropdownBlur}
              onPointerEnter={onDropdownPointer}
              onPointerLeave={onDropdownPointer}
            >
              <button
                ref={servicesButton}
                type="button"
                className={servicesActive ? 'nav-button is-active' : 'nav-button'}
                aria-expanded={servicesOpen}
                aria-controls="services-menu"
                onClick={onServicesClick}
              >
                Services <ChevronIcon />
              </button>
              <ul id="services-menu" className="submenu">
                {serviceLinks}
              </ul>
            </li>
            {afterServices.map(link)}
          </ul>
        </nav>
        <div className="header-actions">
          <button type="button" className="icon-button header-search" aria-label="Search the site" onClick={() => setModal('search')}>
            <SearchIcon />
          </button>
          <button
            type="button"
            className="icon-button header-info"
            aria-label="Contact and support details"
            onClick={() => setModal('info')}
          >
            <InfoIcon />
          </button>
          <a className="button button-small header-login" href={clientLoginUrl}>
            Client Login <ExternalIcon />
          </a>
          {/* Without JavaScript the menu is a native disclosure (its button, below, is hidden by the
              stylesheet's scripting media query); with it, React never renders this. */}
          <noscript>
            <details className="menu-nojs">
              <summary className="icon-button" aria-label="Open menu">
                <MenuIcon />
              </summary>
              <nav aria-label="Mobile" className="menu-nojs-panel">
                <ul className="overlay-list">
                  {mainMenu.map(link)}
                  {serviceLinks}
                  {portalAndPhone}
                </ul>
              </nav>
            </details>
          </noscript>
          <button
            type="button"
            className="icon-button menu-toggle"
            aria-expanded={overlayOpen}
            aria-controls="overlay-menu"
            aria-label="Open menu"
            onClick={() => setOverlayOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>

      <Modal id="overlay-menu" title="Menu" className="overlay-menu" open={overlayOpen} onClose={() => setOverlayOpen(false)}>
        <nav aria-label="Mobile">
          <ul className="overlay-list">
            {beforeServices.map(link)}
            <li>
              <button
                type="button"
                className="overlay-group-toggle"
                aria-expanded={overlayServicesOpen}
                aria-controls="overlay-services"
                onClick={() => setOverlayServicesOpen((open) => !open)}
              >
                Services <ChevronIcon />
              </button>
              <ul id="overlay-services" className="overlay-sublist" hidden={!overlayServicesOpen}>
                {serviceLinks}
              </ul>
            </li>
            {afterServices.map(link)}
            {portalAndPhone}
          </ul>
        </nav>
      </Modal>

      <Modal id="search-modal" title="Search" open={modal === 'search'} onClose={() => setModal('none')}>
        <SearchPanel indexUrl={props.searchIndexUrl} />
      </Modal>
      <Modal id="info-modal" title="Talk to us" open={modal === 'info'} onClose={() => setModal('none')}>
        <ContactDetails />
      </Modal>
    </header>
  );
}
