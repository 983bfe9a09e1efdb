// The site header: brand, main navigation with the Services dropdown, search,
// the contact details, Client Login, and under 992 px the phone menu. Hydrated
// as an island; every control is first ordinary HTML that works while the
// client script loads or if it never does (a link, a <details>, CSS hover and
// focus), which the island upgrades in place. The pieces each do one job:
// ServicesDropdown (desktop), PhoneMenu (its disclosure and overlay), and the
// two dialogs below, which share one "what is open" state with the menu so
// that the menu can hand over to the contact details.
import { Suspense, use, useEffect, useState, type MouseEvent } from 'react';
import { ContactDetails } from '../components/ContactDetails.js';
import type { ContactDetailsData } from '../content/contact-details.js';
import { Modal } from '../components/Modal.js';
import { SearchPanel } from '../components/SearchPanel.js';
import { SearchForm } from '../components/SearchForm.js';
import { externalLinks } from '../links.js';
import { useSite } from '../site-config.js';
import { ExternalIcon, InfoIcon, LogoMark, SearchIcon } from '../components/icons.js';
import { menuItem, type MenuLink } from './menu-links.js';
import { ServicesDropdown } from './ServicesDropdown.js';
import { PhoneMenu } from './PhoneMenu.js';
import { header as labels } from '../content/header.labels.md';
import { fill } from '../content/labels.js';

/** What only the page knows; the brand and every address come from the site's configuration (SiteContext). */
export interface HeaderProps {
  currentPath: string;
  mainMenu: MenuLink[];
  servicesMenu: MenuLink[];
  /** Hashed URL of the search index, fetched the first time search opens. */
  searchIndexUrl: string;
  /** The contact details dialog's title; its words and their code are fetched the first time it opens. */
  contactDetailsTitle: string;
}

type Open = 'none' | 'menu' | 'search' | 'info';

/** Where the contact details are without the dialog: the footer lists them on every page. */
const contactDetailsFallback = '#site-footer';
const contactDetailsDialog = 'info-modal';

/**
 * The dialog's words, fetched the first time it opens (a module of plain data), so that the header's own module
 * carries none of the copy. Where the fetch fails (the network, or a release that replaced the files under an open
 * page), the visitor is taken where the opener leads without JavaScript.
 */
let contactDetails: Promise<ContactDetailsData | undefined> | undefined;

function ContactDetailsWhenFetched() {
  const site = useSite();
  contactDetails ??= import('../content/contact-details.js').then(
    (module) => module.contactDetailsOf(site),
    () => undefined,
  );
  const details = use(contactDetails);
  useEffect(() => {
    if (details) return;
    document.querySelector<HTMLDialogElement>(`#${contactDetailsDialog}`)?.close();
    location.hash = contactDetailsFallback;
  }, [details]);
  return details ? <ContactDetails {...details} /> : null;
}

export function Header({ currentPath, mainMenu, servicesMenu, searchIndexUrl, contactDetailsTitle }: HeaderProps) {
  const site = useSite();
  const links = externalLinks(site);
  const [open, setOpen] = useState<Open>('none');
  const close = () => setOpen('none');
  const item = menuItem(currentPath);

  /** A link to the footer's details until the island is live; then it opens the dialog instead. */
  function openContactDetails(event: MouseEvent) {
    event.preventDefault();
    setOpen('info');
  }

  // What a phone visitor needs besides the pages: the portal, and a way to talk to us.
  const extras = (
    <>
      <li>
        <a href={links.clientLogin}>
          {`${labels.clientLogin} `}
          <ExternalIcon />
        </a>
      </li>
      <li>
        <a href={links.tel}>{fill(labels.call, { phone: site.supportPhone })}</a>
      </li>
      <li>
        <a href={links.mailto}>{fill(labels.email, { email: site.supportEmail })}</a>
      </li>
    </>
  );

  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="brand" href="/">
          <LogoMark />
          <span>{site.brandName}</span>
        </a>
        <nav className="nav-desktop" aria-label={labels.mainMenu}>
          <ul className="nav-list">
            {mainMenu.slice(0, -1).map(item)}
            <ServicesDropdown currentPath={currentPath} servicesMenu={servicesMenu} />
            {mainMenu.slice(-1).map(item)}
          </ul>
        </nav>
        <div className="header-actions">
          {/* The search form itself until the island is live (and for good if the script never runs); then the button to the panel. */}
          <details className="search-fallback">
            <summary className="icon-button" aria-label={labels.search}>
              <SearchIcon />
            </summary>
            <SearchForm id="header-search-query" className="search-fallback-panel" />
          </details>
          <button type="button" className="icon-button header-search" aria-label={labels.search} onClick={() => setOpen('search')}>
            <SearchIcon />
          </button>
          <a
            className="icon-button header-info"
            href={contactDetailsFallback}
            aria-label={labels.contactDetails}
            aria-haspopup="dialog"
            onClick={openContactDetails}
          >
            <InfoIcon />
          </a>
          <a className="button button-small header-login" href={links.clientLogin}>
            {`${labels.clientLogin} `}
            <ExternalIcon />
          </a>
          <PhoneMenu
            currentPath={currentPath}
            mainMenu={mainMenu}
            servicesMenu={servicesMenu}
            extras={extras}
            contactDetails={
              <li>
                <a href={contactDetailsFallback} onClick={openContactDetails}>
                  {labels.contactDetails}
                </a>
              </li>
            }
            open={open === 'menu'}
            onOpen={() => setOpen('menu')}
            onClose={close}
          />
        </div>
      </div>

      <Modal id="search-modal" title={labels.searchTitle} open={open === 'search'} onClose={close}>
        <SearchPanel indexUrl={searchIndexUrl} />
      </Modal>
      <Modal id={contactDetailsDialog} title={contactDetailsTitle} open={open === 'info'} onClose={close}>
        <Suspense fallback={null}>
          <ContactDetailsWhenFetched />
        </Suspense>
      </Modal>
    </header>
  );
}
