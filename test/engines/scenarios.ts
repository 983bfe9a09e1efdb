// The interactions a visitor relies on, run in an engine other than Chromium
// (test/browser/ covers Chromium in depth): the header's dropdown, the phone
// menu and its services group, the contact-details modal, the search panel and
// the search form without JavaScript, both forms with and without JavaScript,
// and the consent bar. Each test opens its own page (a fresh context or
// browser session: no cookie carries over) and closes it, pass or fail.
import { describe, expect, it } from 'vitest';
import {
  consentCalls,
  expectFocusClear,
  focusClearance,
  openSiteInEngine,
  waitForHydration,
  withPage,
  type EngineName,
  type EnginePage,
  type Key,
} from '../support/engines.js';
import { contactErrors, emptyFieldMessages, newsletter } from '../support/contact-form.js';
import { contactFields, validateContact } from '../../shared/content/forms.js';
import { contactDetailsCopy } from '../../shared/content/contact-details.js';
import { labels } from '../support/labels.js';
import { fill } from '../../shared/content/labels.js';
import { routeById } from '../../shared/routes.js';

const phone = { width: 375, height: 740 };
const desktop = { width: 1280, height: 900 };

/** A test opens a browser and several pages on two busy cores: room, but a bound. */
const timeout = 90_000;

export function interactionScenarios(engine: EngineName): void {
  const site = openSiteInEngine(engine);

  /** Opens `path` on `server` (the plain site unless given), hydrated when JavaScript is on, runs `steps`, and closes the page. */
  async function visit(
    path: string,
    viewport: { width: number; height: number },
    steps: (page: EnginePage) => Promise<void>,
    { javaScript = true, server = site.server } = {},
  ): Promise<void> {
    await withPage(
      site.engine,
      server.url,
      viewport,
      async (page) => {
        await page.goto(path);
        if (javaScript) await waitForHydration(page);
        await steps(page);
      },
      { javaScript },
    );
  }

  /** Presses Tab from where focus is until `matches` holds for the focused element, as a keyboard user gets there. */
  async function tabTo(page: EnginePage, matches: (focused: Awaited<ReturnType<EnginePage['focused']>>) => boolean): Promise<void> {
    for (let presses = 0; presses < 40; presses++) {
      await page.press('Tab');
      if (matches(await page.focused())) return;
    }
    throw new Error('Tab never reached the control');
  }

  /** Whether the focused element has its focus ring (an outline) drawn. */
  const focusRingDrawn = (page: EnginePage) =>
    page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    });
  const pathname = (page: EnginePage) => page.evaluate(() => `${location.pathname}${location.hash}`);
  const insideOpenDialog = (page: EnginePage) => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));
  const postsTo = (path: string) => site.requests.filter((request) => request.method === 'POST' && request.path === path);

  describe(`${engine}: the header`, () => {
    const services = { role: 'button', name: labels.header.services, within: `nav[aria-label="${labels.header.mainMenu}"]` } as const;

    it(
      'the Services dropdown opens and closes by mouse and keyboard, and leads to its pages',
      () =>
        visit('/', desktop, async (page) => {
          expect(await page.visible('#services-menu')).toBe(false);
          await page.click(services);
          expect(await page.attribute(services, 'aria-expanded')).toBe('true');
          expect(await page.visible('#services-menu')).toBe(true);
          await page.click('h1');
          expect(await page.attribute(services, 'aria-expanded')).toBe('false');
          expect(await page.visible('#services-menu')).toBe(false);

          // From the keyboard, on the page as it first comes.
          await page.goto('/');
          await waitForHydration(page);
          await tabTo(page, (focused) => focused.text === labels.header.services);
          await page.press('Enter');
          expect(await page.attribute(services, 'aria-expanded')).toBe('true');
          await page.press('Tab');
          expect((await page.focused()).text).toBe('Shared Hosting');
          await page.press('Escape');
          expect(await page.attribute(services, 'aria-expanded')).toBe('false');
          expect(await page.visible('#services-menu')).toBe(false);
          expect((await page.focused()).text).toBe(labels.header.services);

          await page.click(services);
          await page.click({ role: 'link', name: routeById('custom-development').label, within: '#services-menu' });
          // The address changes when the new page commits, before its head is parsed: wait for the parse too.
          await page.waitFor(() => location.pathname === '/services/custom-development' && document.readyState !== 'loading');
          expect((await page.evaluate(() => document.title)).split(' | ')[0]).toBe(routeById('custom-development').meta.title);
        }),
      timeout,
    );

    it(
      'at 375 px the menu opens, expands its services group, closes by button and by Escape, giving focus back',
      () =>
        visit('/', phone, async (page) => {
          const toggle = { role: 'button', name: labels.header.openMenu } as const;
          const group = { role: 'button', name: labels.header.services, within: '#overlay-menu' } as const;
          const maintenance = { role: 'link', name: routeById('maintenance').label, within: '#overlay-menu' } as const;
          expect(await page.visible(`nav[aria-label="${labels.header.mainMenu}"]`)).toBe(false);
          await page.click(toggle);
          await page.waitFor(() => document.querySelector('#overlay-menu')?.hasAttribute('open'));
          expect(await page.visible('#overlay-menu')).toBe(true);
          expect(await page.attribute(toggle, 'aria-expanded')).toBe('true');
          expect(await page.attribute(group, 'aria-expanded')).toBe('false');
          expect(await page.visible(maintenance)).toBe(false);
          await page.click(group);
          expect(await page.attribute(group, 'aria-expanded')).toBe('true');
          expect(await page.visible(maintenance)).toBe(true);
          await page.click(group);
          expect(await page.attribute(group, 'aria-expanded')).toBe('false');
          expect(await page.visible(maintenance)).toBe(false);
          await page.click({
            role: 'button',
            name: fill(labels.header.close, { dialog: labels.header.menu.toLowerCase() }),
            within: '#overlay-menu',
          });
          await page.waitFor(() => !document.querySelector('#overlay-menu')?.hasAttribute('open'));
          expect(await page.visible('#overlay-menu')).toBe(false);
          expect(await page.attribute(toggle, 'aria-expanded')).toBe('false');

          // From the keyboard, on the page as it first comes: focus stays inside, Escape closes and gives focus back.
          await page.goto('/about');
          await waitForHydration(page);
          await tabTo(page, (focused) => focused.label === labels.header.openMenu);
          await page.press('Enter');
          await page.waitFor(() => document.querySelector('#overlay-menu')?.hasAttribute('open'));
          for (let i = 0; i < 12; i++) {
            await page.press('Tab');
            expect(await insideOpenDialog(page)).toBe(true);
          }
          await page.press('Escape');
          await page.waitFor(() => !document.querySelector('#overlay-menu')?.hasAttribute('open'));
          expect(await page.attribute(toggle, 'aria-expanded')).toBe('false');
          expect((await page.focused()).label).toBe(labels.header.openMenu);

          // The menu hands over to the contact details: it closes, its dialog opens and stays, Escape returns to the menu button.
          await page.press('Enter');
          await page.waitFor(() => document.querySelector('#overlay-menu')?.hasAttribute('open'));
          await page.click({ role: 'link', name: labels.header.contactDetails, within: '#overlay-menu' });
          await page.waitFor(() => document.querySelector('#info-modal')?.hasAttribute('open'));
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(await page.visible('#info-modal')).toBe(true);
          expect(await page.visible('#overlay-menu')).toBe(false);
          await page.press('Escape');
          await page.waitFor(() => !document.querySelector('#info-modal')?.hasAttribute('open'));
          expect((await page.focused()).label).toBe(labels.header.openMenu);
        }),
      timeout,
    );

    it(
      'the contact details open in a modal that keeps focus inside, closes on Escape and gives focus back',
      () =>
        visit('/', desktop, async (page) => {
          await tabTo(page, (focused) => focused.label === labels.header.contactDetails);
          await page.press('Enter');
          await page.waitFor(() => document.querySelector('#info-modal')?.hasAttribute('open'));
          expect(await page.visible({ role: 'dialog', name: contactDetailsCopy.title })).toBe(true);
          for (let i = 0; i < 10; i++) {
            await page.press('Tab');
            expect(await insideOpenDialog(page)).toBe(true);
          }
          await page.press('Escape');
          await page.waitFor(() => !document.querySelector('#info-modal')?.hasAttribute('open'));
          expect(await page.visible('#info-modal')).toBe(false);
          expect((await page.focused()).label).toBe(labels.header.contactDetails);
        }),
      timeout,
    );
  });

  describe(`${engine}: search`, () => {
    it(
      'the panel finds results as the visitor types; the arrow keys choose one and Enter follows it',
      () =>
        visit('/about', desktop, async (page) => {
          await tabTo(page, (focused) => focused.label === labels.header.search);
          await page.press('Enter');
          await page.waitFor(() => document.activeElement?.id === 'site-search');
          await page.type('backups');
          await page.waitFor(() => document.querySelectorAll('[role="option"]').length > 2);
          expect(await page.attribute('#site-search', 'aria-expanded')).toBe('true');
          for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp'] satisfies Key[]) await page.press(key);
          const chosen = await page.evaluate(() => {
            const options = [...document.querySelectorAll('[role="option"]')];
            const selected = options.filter((option) => option.getAttribute('aria-selected') === 'true');
            return {
              index: selected.length === 1 ? options.indexOf(selected[0]!) : -1,
              id: selected[0]?.id,
              href: selected[0]?.getAttribute('href'),
              active: document.querySelector('#site-search')?.getAttribute('aria-activedescendant'),
            };
          });
          expect(chosen.index).toBe(1);
          expect(chosen.active).toBe(chosen.id);
          expect(chosen.href).toMatch(/^\//);
          await page.press('Enter');
          await page.waitFor((href) => `${location.pathname}${location.hash}` === href, chosen.href!);
        }),
      timeout,
    );

    it(
      'without JavaScript, the header’s search form lands on the search page, the best answer first',
      () =>
        visit(
          '/about',
          phone,
          async (page) => {
            await page.click(`summary[aria-label="${labels.header.search}"]`);
            await page.fill('#header-search-query', 'how much does it cost');
            await page.press('Enter');
            await page.waitFor(() => location.pathname === '/search' && document.readyState === 'complete');
            expect(await page.evaluate(() => new URLSearchParams(location.search).get('q'))).toBe('how much does it cost');
            expect(await page.text('h1')).toBe(fill(labels.searchPage.title, { query: 'how much does it cost' }));
            expect(await page.attribute('.search-results a', 'href')).toBe('/services/shared-hosting#pricing');
            expect(await page.evaluate(() => document.querySelector('[data-upgraded]') !== null)).toBe(false);
          },
          { javaScript: false },
        ),
      timeout,
    );
  });

  describe(`${engine}: the forms`, () => {
    it(
      'the contact form explains what is missing or malformed, keeps what was typed, and sends a domain as a full address',
      () =>
        visit('/contact', desktop, async (page) => {
          const before = postsTo('/contact.php').length;
          // Sent from the keyboard with the first field's label just above the top of the screen: the wrong field is
          // shown with its label below the sticky header.
          await page.evaluate(() => {
            const field = document.querySelector('#contact-name')!.closest('.field')!;
            window.scrollTo({ top: window.scrollY + field.getBoundingClientRect().top + 10, behavior: 'instant' });
            document.querySelector<HTMLButtonElement>('.contact-form button[type=submit]')!.focus({ preventScroll: true });
          });
          await page.press('Enter');
          await page.waitFor(() => document.querySelector('#contact-name')?.getAttribute('aria-invalid') === 'true');
          // Where the page comes to rest: the form's smooth scroll to the field can take longer than any fixed wait on two busy cores.
          const first = await focusClearance(page);
          expect(first.id).toBe('contact-name');
          expectFocusClear(first);
          for (const [id, message] of emptyFieldMessages) {
            expect(await page.attribute(`#${id}`, 'aria-invalid')).toBe('true');
            expect(await page.text(`#${await page.attribute(`#${id}`, 'aria-describedby')}`)).toBe(message);
          }
          expect((await page.focused()).id).toBe('contact-name');

          await page.fill('#contact-name', 'Ada Lovelace');
          await page.fill('#contact-website', 'mysite.com');
          await page.fill('#contact-email', 'ada@');
          await page.fill('#contact-subject', '+1 555 010 0100');
          await page.fill('#contact-message', 'I would like a quote.');
          await page.click({ role: 'button', name: labels.contactForm.send });
          expect(await page.text('#contact-email-error')).toBe(contactErrors({ email: 'ada@' }).email);
          expect((await page.focused()).id).toBe('contact-email');
          expect(await page.evaluate(() => document.querySelector<HTMLInputElement>('#contact-name')!.value)).toBe('Ada Lovelace');
          expect(postsTo('/contact.php').length).toBe(before);

          await page.fill('#contact-email', 'ada@example.com');
          await page.click({ role: 'button', name: labels.contactForm.send });
          await page.waitFor((url) => location.href === url, `${site.standIn}/contact.php`);
          const sent = postsTo('/contact.php').slice(before);
          expect(sent.map((post) => Object.fromEntries(new URLSearchParams(post.body)))).toEqual([
            {
              name: 'Ada Lovelace',
              company: '',
              website: 'https://mysite.com',
              email: 'ada@example.com',
              subject: '+1 555 010 0100',
              message: 'I would like a quote.',
            },
          ]);
        }),
      timeout,
    );

    it(
      'the newsletter form explains an empty or malformed address, and sends a good one to the mailing list',
      () =>
        visit('/contact', desktop, async (page) => {
          const before = postsTo('/subscribe/post').length;
          expect(await page.visible('#newsletter-error')).toBe(false);
          await page.click({ role: 'button', name: labels.newsletter.subscribe });
          expect(await page.text('#newsletter-error')).toBe(newsletter.messages.empty);
          await page.fill('#newsletter-email', 'not-an-address');
          await page.click({ role: 'button', name: labels.newsletter.subscribe });
          expect(await page.text('#newsletter-error')).toBe(newsletter.messages.invalid);
          expect(await page.attribute('#newsletter-email', 'aria-invalid')).toBe('true');
          expect(postsTo('/subscribe/post').length).toBe(before);

          await page.fill('#newsletter-email', 'reader@example.com');
          await page.click({ role: 'button', name: labels.newsletter.subscribe });
          await expect.poll(() => postsTo('/subscribe/post').length).toBe(before + 1);
          expect(new URLSearchParams(postsTo('/subscribe/post').at(-1)!.body).get('EMAIL')).toBe('reader@example.com');
          await page.waitFor(() => {
            const success = document.querySelector('#newsletter-success');
            return success && !success.hasAttribute('hidden');
          });
          expect(await page.text('#newsletter-success')).toMatch(/check the new tab/);
        }),
      timeout,
    );

    it(
      'without JavaScript, the browser’s own validation keeps either form from being sent with an empty or invalid required field',
      () =>
        visit(
          '/contact',
          desktop,
          async (page) => {
            const before = site.requests.length;
            await page.fill('#contact-name', 'Ada Lovelace');
            await page.fill('#contact-email', 'ada@example.com');
            await page.fill('#contact-subject', 'call me maybe');
            await page.fill('#contact-message', 'A quote, please.');
            await page.click({ role: 'button', name: labels.contactForm.send });
            expect(await page.evaluate(() => document.querySelector<HTMLInputElement>('#contact-subject')!.validity.patternMismatch)).toBe(
              true,
            );
            await page.fill('#contact-subject', '+1 555 010 0100');
            await page.fill('#contact-email', '');
            await page.click({ role: 'button', name: labels.contactForm.send });
            expect(await page.evaluate(() => document.querySelector<HTMLInputElement>('#contact-email')!.validity.valueMissing)).toBe(true);
            for (const address of ['', 'not-an-address']) {
              await page.fill('#newsletter-email', address);
              await page.click({ role: 'button', name: labels.newsletter.subscribe });
              expect(await page.evaluate(() => document.querySelector<HTMLInputElement>('#newsletter-email')!.validity.valid)).toBe(false);
            }
            // Time for a submission the browser let through to arrive.
            await new Promise((resolve) => setTimeout(resolve, 500));
            expect(site.requests.slice(before)).toEqual([]);
            expect(await pathname(page)).toBe('/contact');

            // Once every field is right, the browser sends the form.
            await page.fill('#contact-email', 'ada@example.com');
            await page.click({ role: 'button', name: labels.contactForm.send });
            await page.waitFor((url) => location.href === url, `${site.standIn}/contact.php`);
            expect(site.requests.slice(before).map((request) => request.path)).toEqual(['/contact.php']);
          },
          { javaScript: false },
        ),
      timeout,
    );
  });

  describe(`${engine}: a long message`, () => {
    const limit = contactFields.find((field) => field.name === 'message')!.maxLength;
    /** Puts `length` characters in the message field, focused with the caret at the end, as if typed there. */
    const typedUpTo = (page: EnginePage, length: number) =>
      page.evaluate((count) => {
        const field = document.querySelector<HTMLTextAreaElement>('#contact-message')!;
        field.value = 'x'.repeat(count);
        field.focus();
        field.setSelectionRange(count, count);
      }, length);

    it(
      'over the limit, sending explains it once',
      () =>
        visit('/contact', desktop, async (page) => {
          await typedUpTo(page, limit);
          await page.type('ab');
          await page.click({ role: 'button', name: labels.contactForm.send });
          await page.waitFor(() => document.querySelector('#contact-message')?.getAttribute('aria-invalid') === 'true');
          const shown = await page.evaluate(() =>
            [...document.querySelector('#contact-message')!.closest('.field')!.querySelectorAll('.field-error')].map((p) => p.textContent),
          );
          expect(shown).toEqual([validateContact((name) => (name === 'message' ? 'x'.repeat(limit + 2) : '')).message]);
        }),
      timeout,
    );

    it(
      'without JavaScript, the field holds the limit its label states',
      () =>
        visit(
          '/contact',
          desktop,
          async (page) => {
            await typedUpTo(page, limit - 1);
            await page.type('abc');
            expect(await page.evaluate(() => document.querySelector<HTMLTextAreaElement>('#contact-message')!.value.length)).toBe(limit);
          },
          { javaScript: false },
        ),
      timeout,
    );
  });

  describe(`${engine}: the consent bar (GTM_ID set)`, () => {
    const bar = '.consent-bar';
    const allDenied = { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' };
    const analyticsGranted = { ...allDenied, analytics_storage: 'granted' };

    it(
      'asks first; Accept and Reject answer it; Cookie settings reopens it, and Escape closes it keeping the choice',
      () =>
        visit(
          '/',
          desktop,
          async (page) => {
            await page.waitFor((selector) => document.querySelector(selector)?.getClientRects().length, bar);
            expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
            await page.click({ role: 'button', name: labels.consent.accept, within: bar });
            await page.waitFor((selector) => !document.querySelector(selector)?.getClientRects().length, bar);
            expect(await consentCalls(page)).toEqual([
              ['consent', 'default', allDenied],
              ['consent', 'update', analyticsGranted],
            ]);

            // The next page remembers the choice: no bar, the tag told before it loads.
            await page.goto('/about');
            await waitForHydration(page);
            expect(await page.visible(bar)).toBe(false);
            expect(await consentCalls(page)).toEqual([
              ['consent', 'default', allDenied],
              ['consent', 'update', analyticsGranted],
            ]);

            // Reopened from the footer, it takes focus; Escape closes it, gives focus back and keeps the choice.
            await page.click({ role: 'button', name: labels.consent.settings });
            await page.waitFor((selector) => document.querySelector(selector)?.getClientRects().length, bar);
            expect(await page.evaluate(() => document.activeElement?.classList.contains('consent-bar'))).toBe(true);
            expect(await page.text('.consent-current')).toBe(labels.consent.granted);
            await page.press('Escape');
            await page.waitFor((selector) => !document.querySelector(selector)?.getClientRects().length, bar);
            expect((await page.focused()).text).toBe(labels.consent.settings);
            // Closed from the keyboard, the control that has focus shows it, though the mouse opened the bar.
            expect(await focusRingDrawn(page)).toBe(true);
            expect((await consentCalls(page)).length).toBe(2);

            // Reject withdraws at once, and the choice holds on the next page.
            await page.click({ role: 'button', name: labels.consent.settings });
            await page.click({ role: 'button', name: labels.consent.reject, within: bar });
            await page.waitFor((selector) => !document.querySelector(selector)?.getClientRects().length, bar);
            expect((await consentCalls(page)).at(-1)).toEqual(['consent', 'update', allDenied]);
            await page.goto('/contact');
            await waitForHydration(page);
            expect(await page.visible(bar)).toBe(false);
            expect(await page.evaluate(() => document.documentElement.dataset.consent)).toBe('denied');
            expect(await consentCalls(page)).toEqual([]);
          },
          { server: site.consent },
        ),
      timeout,
    );
  });
}
