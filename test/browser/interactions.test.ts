// Forms, modals, the pricing switch and the illustrations, used in Chromium the
// way a visitor uses them.
import { describe, expect, it } from 'vitest';
import { contactDetailsCopy, contactDetailsOf } from '../../shared/content/contact-details.js';
import { loadConfig } from '../../server/config.js';
import { distDir } from '../support/app.js';
import { readManifest } from '../../server/manifest.js';
import type { BrowserContext, Page } from 'playwright-core';
import { SETTLE_MS } from '../../shared/content/animations.js';
import { openPage, openSiteInBrowser, viewports, waitForHydration } from '../support/browser.js';
import { contactErrors, emptyFieldMessages, newsletter } from '../support/contact-form.js';
import { formatUsd } from '../../shared/content/business.js';
import { freeMonths, plans, yearlyPerMonth, yearlySaving } from '../../shared/content/plans.js';
import { labels } from '../support/labels.js';
import { fill } from '../../shared/content/labels.js';
import { characters, contactFields } from '../../shared/content/forms.js';

const site = openSiteInBrowser();

async function visit(
  path: string,
  options: Parameters<typeof openPage>[3] = {},
  viewport: { width: number; height: number } = viewports.desktop,
) {
  const opened = await openPage(site.browser, site.server.url, viewport, options);
  await opened.page.goto(path);
  if (options.javaScriptEnabled !== false) await waitForHydration(opened.page);
  return opened;
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

/** The bodies the contact form posts to the portal, answered by a stand-in for it. */
async function portalPosts(context: BrowserContext): Promise<string[]> {
  const posts: string[] = [];
  await context.route('https://portal.example.com/contact.php', (route) => {
    posts.push(route.request().postData() ?? '');
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Thanks</p>' });
  });
  return posts;
}

/** Fills the contact form's fields by name (contact-<name>). */
async function fillContact(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await page.locator(`#contact-${name}`).fill(value);
}

describe('the contact form', () => {
  // WCAG 2.4.11: focus never hidden, and a field is read by its label. Focus
  // alone scrolls only as far as the field, which left its label under the
  // sticky header when the field was already just below it.
  it('shows the first wrong field with its label below the header, even when the field was already just in view', async () => {
    const { page, context } = await visit('/contact');
    await fillContact(page, { name: 'Ada Lovelace', email: 'ada@example.com', subject: '+1 555 010 0100', message: 'A quote.' });
    await page.locator('#contact-website').fill('my site');
    // The website field's top a few pixels below the header's bottom: in view, its label not.
    const headerBottom = await page.locator('.site-header').evaluate((header) => header.getBoundingClientRect().bottom);
    await page.evaluate((below) => {
      const field = document.querySelector('#contact-website')!;
      window.scrollBy({ top: field.getBoundingClientRect().top - below, behavior: 'instant' });
    }, headerBottom + 4);
    await page.getByRole('button', { name: labels.contactForm.send }).press('Enter');
    expect(await focusedId(page)).toBe('contact-website');
    await expect
      .poll(() => page.locator('label[for="contact-website"]').evaluate((label) => label.getBoundingClientRect().top))
      .toBeGreaterThanOrEqual(headerBottom);
    await context.close();
  });

  it('does not submit when empty: a message per required field, focus on the first', async () => {
    const { page, context, problems } = await visit('/contact');
    let posted = false;
    await context.route('https://portal.example.com/**', (route) => {
      posted = true;
      return route.abort();
    });
    await page.getByRole('button', { name: labels.contactForm.send }).click();
    for (const [id, message] of emptyFieldMessages) {
      const field = page.locator(`#${id}`);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`#${await field.getAttribute('aria-describedby')}`).textContent()).toBe(message);
    }
    expect(await page.locator('#contact-company').getAttribute('aria-invalid')).toBeNull();
    expect(await focusedId(page)).toBe('contact-name');
    expect(posted).toBe(false);
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('on a topic, takes the opening words alone for no message', async () => {
    const { page, context } = await visit('/contact#topic-migration');
    let posted = false;
    await context.route('https://portal.example.com/**', (route) => {
      posted = true;
      return route.abort();
    });
    await page.locator('#topic-migration-name').fill('Ada');
    await page.locator('#topic-migration-email').fill('ada@example.com');
    await page.locator('#topic-migration-subject').fill('+1 555 010 0199');
    expect(await page.locator('#topic-migration-message').inputValue()).toBe(labels.contactForm.topicMigrationMessage);
    await page.locator('#topic-migration form button[type=submit]').first().click();
    await expect.poll(() => page.locator('#topic-migration-message').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#topic-migration-message-error').textContent()).toBe(
      fill(labels.contactForm.missing, { field: labels.contactForm.message.toLowerCase() }),
    );
    expect(await focusedId(page)).toBe('topic-migration-message');
    expect(posted).toBe(false);
    await context.close();
  });

  it('keeps what was typed, explains a malformed email, and posts once everything is right', async () => {
    const { page, context } = await visit('/contact');
    const posts = await portalPosts(context);
    await fillContact(page, { name: 'Ada Lovelace', email: 'ada@', subject: '+1 555 010 0100', message: 'I would like a quote.' });
    await page.getByRole('button', { name: labels.contactForm.send }).click();
    expect(await page.locator('#contact-email-error').textContent()).toBe(contactErrors({ email: 'ada@' }).email);
    expect(await focusedId(page)).toBe('contact-email');
    expect(await page.locator('#contact-name').inputValue()).toBe('Ada Lovelace');
    await page.locator('#contact-email').fill('ada@example.com');
    await page.getByRole('button', { name: labels.contactForm.send }).click();
    await page.waitForURL('https://portal.example.com/contact.php');
    expect(posts).toHaveLength(1);
    const body = new URLSearchParams(posts[0]);
    expect(Object.fromEntries(body)).toEqual({
      name: 'Ada Lovelace',
      company: '',
      website: '',
      email: 'ada@example.com',
      subject: '+1 555 010 0100',
      message: 'I would like a quote.',
    });
    await context.close();
  });
});

/** A long message pasted into the contact form's message field, as the browser takes a paste (maxlength would cut it). */
async function pasteMessage(page: Page, length: number): Promise<string> {
  const message = 'I need a quote for a shop with many products. '.repeat(200).slice(0, length);
  await page.locator('#contact-message').focus();
  await page.keyboard.insertText(message);
  return message;
}

describe('a long message in the contact form', () => {
  const limit = contactFields.find((field) => field.name === 'message')!.maxLength;
  const limitStated = fill(labels.contactForm.limit, { count: characters(limit) });
  const tooLong = fill(labels.contactForm.tooLong, {
    field: labels.contactForm.message,
    excess: characters(1750),
    limit: characters(limit),
  });
  it('states the limit before it is reached, counts what is left near it, and keeps and explains a pasted text over it', async () => {
    const { page, context, problems } = await visit('/contact');
    const posts = await portalPosts(context);
    const field = page.locator('#contact-message');
    const hint = page.locator('#contact-message-hint');
    expect((await hint.textContent())?.trim()).toBe(limitStated);
    expect(await hint.isVisible()).toBe(true);
    // The field's name says the limit, so a screen reader hears it on reaching the field.
    expect(await page.getByRole('textbox', { name: `${labels.contactForm.message} ${limitStated}` }).getAttribute('id')).toBe(
      'contact-message',
    );
    // Far from the limit nothing is counted; near it, what is left is shown, and told to screen readers politely once typing pauses.
    const count = page.locator('#contact-message + p[aria-hidden="true"]');
    const announcement = page.locator('.field:has(#contact-message) [aria-live="polite"]');
    await pasteMessage(page, 1000);
    expect(await count.isVisible()).toBe(false);
    await field.fill('');
    await pasteMessage(page, 4600);
    await expect.poll(() => count.textContent()).toBe(fill(labels.contactForm.left, { count: characters(400) }));
    expect(await count.isVisible()).toBe(true);
    await expect.poll(() => announcement.textContent()).toBe(fill(labels.contactForm.left, { count: characters(400) }));
    // Over it, nothing is cut: the visitor is told by how much, and sending is stopped with the same words.
    await field.fill('');
    const pasted = await pasteMessage(page, 6750);
    expect(await field.inputValue()).toBe(pasted);
    await expect.poll(() => count.textContent()).toBe(fill(labels.contactForm.tooMany, { count: characters(1750) }));
    await fillContact(page, { name: 'Ada Lovelace', email: 'ada@example.com', subject: '+1 555 010 0100' });
    await page.getByRole('button', { name: labels.contactForm.send }).click();
    expect(await page.locator('#contact-message-error').textContent()).toBe(tooLong);
    expect(await field.getAttribute('aria-describedby')).toBe('contact-message-error');
    // Said once: the count's own "too many" gives way to the error.
    expect(await page.locator('.field:has(#contact-message) .field-error').allTextContents()).toEqual([tooLong]);
    expect(await focusedId(page)).toBe('contact-message');
    expect(await field.inputValue()).toBe(pasted);
    expect(posts).toEqual([]);
    // Shortened to the limit, it is sent whole.
    await field.fill(pasted.slice(0, 5000));
    await page.getByRole('button', { name: labels.contactForm.send }).click();
    await page.waitForURL('https://portal.example.com/contact.php');
    expect(new URLSearchParams(posts[0]).get('message')).toBe(pasted.slice(0, 5000).trim());
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('without JavaScript, states the limit and holds it: a paste over it is cut there, and the portal gets that much', async () => {
    const { page, context } = await visit('/contact', { javaScriptEnabled: false });
    const posts = await portalPosts(context);
    expect((await page.locator('#contact-message-hint').textContent())?.trim()).toBe(limitStated);
    expect(await page.locator('#contact-message-hint').isVisible()).toBe(true);
    const pasted = await pasteMessage(page, 6750);
    expect(await page.locator('#contact-message').inputValue()).toBe(pasted.slice(0, 5000));
    await fillContact(page, { name: 'Ada Lovelace', email: 'ada@example.com', subject: '+1 555 010 0100' });
    await page.getByRole('button', { name: labels.contactForm.send }).click();
    await page.waitForURL('https://portal.example.com/contact.php');
    expect(new URLSearchParams(posts[0]).get('message')).toBe(pasted.slice(0, 5000));
    await context.close();
  });
});

describe('the contact form’s website field', () => {
  it('takes a domain as people type it and sends the full address', async () => {
    for (const [typed, sent] of [
      ['mysite.com', 'https://mysite.com'],
      ['www.mysite.com', 'https://www.mysite.com'],
      ['http://old.example.org/shop', 'http://old.example.org/shop'],
    ]) {
      const { page, context } = await visit('/contact');
      const posts = await portalPosts(context);
      await fillContact(page, {
        name: 'Ada Lovelace',
        website: typed!,
        email: 'ada@example.com',
        subject: '+1 555 010 0100',
        message: 'A quote, please.',
      });
      await page.getByRole('button', { name: labels.contactForm.send }).click();
      await page.waitForURL('https://portal.example.com/contact.php');
      expect(new URLSearchParams(posts[0]).get('website')).toBe(sent);
      await context.close();
    }
  });

  it('explains what it takes when the text is no web address', async () => {
    const { page, context } = await visit('/contact');
    await page.locator('#contact-website').fill('my site');
    await page.getByRole('button', { name: labels.contactForm.send }).click();
    expect(await page.locator('#contact-website-error').textContent()).toBe(contactErrors({ website: 'my site' }).website);
    await context.close();
  });
});

describe('the forms without JavaScript', () => {
  it('are guarded by the browser’s own validation: a phone that is no number, an empty or malformed newsletter address are not sent', async () => {
    const { page, context } = await visit('/contact', { javaScriptEnabled: false });
    const sent: string[] = [];
    await context.route(/^https:\/\/(portal|lists)\.example\.com\//, (route) => {
      sent.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Thanks</p>' });
    });
    const popups: string[] = [];
    context.on('page', (popup) => popups.push(popup.url()));
    await fillContact(page, { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'call me maybe', message: 'A quote, please.' });
    await page.getByRole('button', { name: labels.contactForm.send }).click();
    expect(await page.locator('#contact-subject').evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
    for (const address of ['', 'not-an-address']) {
      await page.getByLabel(labels.newsletter.email).fill(address);
      await page.getByRole('button', { name: labels.newsletter.subscribe }).click();
      expect(await page.getByLabel(labels.newsletter.email).evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
    }
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
    expect(popups).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/contact');
    // A website typed as a domain passes the browser too, and a good form is sent.
    await page.locator('#contact-website').fill('www.mysite.com');
    await page.locator('#contact-subject').fill('+1 555 010 0100');
    await page.getByRole('button', { name: labels.contactForm.send }).click();
    await page.waitForURL('https://portal.example.com/contact.php');
    expect(sent).toEqual(['https://portal.example.com/contact.php']);
    await context.close();
  });
});

describe('the newsletter form', () => {
  it('shows its error for an empty or malformed address and does not submit', async () => {
    const { page, context } = await visit('/contact');
    const popups: string[] = [];
    context.on('page', (popup) => popups.push(popup.url()));
    const error = page.locator('#newsletter-error');
    expect(await error.isVisible()).toBe(false);
    await page.getByRole('button', { name: labels.newsletter.subscribe }).click();
    expect(await error.textContent()).toBe(newsletter.messages.empty);
    await page.getByLabel(labels.newsletter.email).fill('not-an-address');
    await page.getByRole('button', { name: labels.newsletter.subscribe }).click();
    expect(await error.isVisible()).toBe(true);
    expect(await error.textContent()).toBe(newsletter.messages.invalid);
    expect(await page.getByLabel(labels.newsletter.email).getAttribute('aria-invalid')).toBe('true');
    expect(popups).toEqual([]);
    await context.close();
  });

  it('submits a good address to the mailing list in a new tab and says to check it', async () => {
    const { page, context } = await visit('/contact');
    await context.route('https://lists.example.com/**', (route) => route.fulfill({ status: 200, body: 'ok' }));
    const popup = context.waitForEvent('page');
    await page.getByLabel(labels.newsletter.email).fill('reader@example.com');
    await page.getByRole('button', { name: labels.newsletter.subscribe }).click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).toBe('https://lists.example.com/subscribe/post');
    expect(await page.locator('#newsletter-success').isVisible()).toBe(true);
    expect(await page.locator('#newsletter-success').textContent()).toMatch(/check the new tab/);
    await context.close();
  });

  it('drops a submission whose honeypot a bot filled', async () => {
    const { page, context } = await visit('/contact');
    const popups: string[] = [];
    context.on('page', (popup) => popups.push(popup.url()));
    await page.locator('#newsletter-hp').fill('spam', { force: true });
    await page.getByLabel(labels.newsletter.email).fill('bot@example.com');
    await page.getByRole('button', { name: labels.newsletter.subscribe }).click();
    await page.waitForTimeout(300);
    expect(popups).toEqual([]);
    expect(await page.locator('#newsletter-success').isVisible()).toBe(false);
    await context.close();
  });
});

describe('the modals', () => {
  it.each([
    [labels.header.search, 'button', labels.search.button],
    [labels.header.contactDetails, 'link', contactDetailsCopy.title],
  ] as const)('%s opens a modal that keeps focus inside, closes on Escape and gives focus back', async (buttonName, role, dialogName) => {
    const { page, context, problems } = await visit('/');
    const opener = page.getByRole(role, { name: buttonName });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: dialogName });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(buttonName);
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('the phone menu hands over to the contact details: the menu closes, its dialog opens, Escape gives focus back to the menu button', async () => {
    const { page, context, problems } = await visit('/about', {}, viewports.phone);
    await page.getByRole('button', { name: labels.header.openMenu }).click();
    const menu = page.getByRole('dialog', { name: labels.header.menu });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole('link', { name: labels.header.contactDetails }).focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: contactDetailsCopy.title });
    await expect.poll(() => details.isVisible()).toBe(true);
    await page.waitForTimeout(300);
    expect(await details.isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(false);
    expect(page.url()).not.toContain('#');
    // The page behind stays still while a modal is open.
    expect(await page.evaluate(() => document.documentElement.classList.contains('has-modal'))).toBe(true);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#info-modal')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => details.isVisible()).toBe(false);
    // The dialog is gone from view before its close handler has given focus back: wait for that as a visitor would.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(labels.header.openMenu);
    expect(await page.evaluate(() => document.documentElement.classList.contains('has-modal'))).toBe(false);
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it("the contact details' words are fetched when their dialog first opens, and a failed fetch leads to the footer's", async () => {
    const { sentence } = contactDetailsOf(loadConfig({}).site);
    const islandModules = new Set(Object.values(readManifest(distDir).islands).flat());
    /** A module no island names: fetched by an island's own code, when it needs it. */
    const fetchedLater = (url: URL) => url.pathname.endsWith('.js') && !islandModules.has(url.pathname);
    for (const fetchFails of [false, true]) {
      const { page, context, problems } = await visit('/');
      const later: string[] = [];
      page.on('request', (request) => {
        if (fetchedLater(new URL(request.url()))) later.push(request.url());
      });
      if (fetchFails) await page.route(fetchedLater, (route) => route.abort());
      await page.waitForLoadState('networkidle');
      expect(later).toEqual([]);
      await page.getByRole('link', { name: labels.header.contactDetails }).click();
      if (fetchFails) {
        await page.waitForURL((url) => url.hash === '#site-footer');
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        expect(await page.locator('#site-footer a[href^="mailto:"]').isVisible()).toBe(true);
      } else {
        const dialog = page.getByRole('dialog', { name: contactDetailsCopy.title });
        await expect.poll(() => dialog.getByText(sentence).isVisible()).toBe(true);
        expect(later).toHaveLength(1);
        expect(problems.list).toEqual([]);
      }
      await context.close();
    }
  });

  it('search loads its index only when opened, and finds pages and sections', async () => {
    const { page, context } = await visit('/');
    const indexRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('search-index')) indexRequests.push(request.url());
    });
    await page.waitForLoadState('networkidle');
    expect(indexRequests).toEqual([]);
    await page.getByRole('button', { name: labels.header.search }).click();
    const input = page.getByLabel(labels.search.panelField);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search');
    await input.fill('refund');
    await expect.poll(() => page.locator('.search-results a').count()).toBeGreaterThan(0);
    expect(indexRequests).toHaveLength(1);
    const first = page.locator('.search-results a').first();
    expect(await first.getAttribute('href')).toBe('/services/shared-hosting#faq-refund');
    await first.click();
    await page.waitForURL('**/services/shared-hosting#faq-refund');
    await context.close();
  });
});

describe('the pricing switch', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`changes prices, labels and order links ${javaScriptEnabled ? 'once hydrated' : 'without JavaScript'}`, async () => {
      const { page, context } = await visit('/services/shared-hosting', { javaScriptEnabled });
      const starter = page.locator('.plan').first();
      const visibleText = () => starter.locator('.plan-price:visible, .plan-billed:visible').allTextContents();
      const orderLink = () => starter.getByRole('link', { name: new RegExp(labels.plans.order) }).getAttribute('href');
      const [plan] = plans;
      const monthly = [`${formatUsd(plan.monthlyPrice)}${labels.plans.perMonth}`, labels.plans.billedMonthly];
      expect(await visibleText()).toEqual(monthly);
      expect(await orderLink()).toBe('https://portal.example.com/store/shared-hosting/starter');
      await page.locator('label[for="billing-yearly"]').click();
      expect(await visibleText()).toEqual([
        `${formatUsd(yearlyPerMonth(plan))}${labels.plans.perMonth}`,
        `${fill(labels.plans.billedYearly, { price: formatUsd(plan.yearlyPrice) })} ${fill(labels.plans.saving, {
          saving: formatUsd(yearlySaving(plan)),
          months: freeMonths(plan),
        })}`,
      ]);
      expect(await orderLink()).toBe('https://portal.example.com/store/shared-hosting/starter?billingcycle=annually');
      await page.locator('label[for="billing-monthly"]').click();
      expect(await visibleText()).toEqual(monthly);
      await context.close();
    });
  }

  // Without JavaScript the switch is the plain HTML it also is before its module arrives: the same CSS decides.
  it('keeps the header on screen when a period is picked by a tap on the plain HTML switch', async () => {
    const { page, context } = await visit('/services/shared-hosting', { javaScriptEnabled: false, hasTouch: true }, viewports.phone);
    const header = page.locator('.site-header');
    // The switch in the middle of the screen, the page scrolled past the header's place at its top.
    await page.locator('.billing-switch').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await page.locator('label[for="billing-yearly"]').tap();
    expect(await page.locator('#billing-yearly').isChecked()).toBe(true);
    expect((await header.boundingBox())?.y).toBe(0);
    // From the keyboard it does give way: Tab on from the switch, then Shift+Tab back onto it while it is under the header.
    await page.locator('#billing-yearly').focus();
    await page.keyboard.press('Tab');
    await page
      .locator('.billing-switch')
      .evaluate((element) => scrollBy({ top: element.getBoundingClientRect().top - 10, behavior: 'instant' }));
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('billing-yearly');
    const headerBox = await header.boundingBox();
    expect((await page.locator('#billing-yearly').boundingBox())!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
    await context.close();
  });

  it('is one tab stop, switched with the arrow keys', async () => {
    const { page, context } = await visit('/services/shared-hosting');
    await page.locator('#billing-monthly').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('#billing-yearly').isChecked()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'yearly' }).count()).toBe(1);
    await context.close();
  });
});

describe('the illustrations', () => {
  it('play as Lottie animations once scrolled into view, loading the player only then', async () => {
    const { page, context, problems } = await visit('/services/shared-hosting');
    const figure = page.locator('.animation').first();
    await figure.scrollIntoViewIfNeeded();
    const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    await expect.poll(() => figure.getAttribute('class')).toBe('animation has-player');
    expect(await figure.locator('.animation-stage svg').count()).toBe(1);
    // Not while the page is loading: the player is asked for once the page has settled, SETTLE_MS after
    // the load event, by the page's own clock (however long the test took to look).
    const playerAskedAfterLoad = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const player = performance.getEntriesByType('resource').find((entry) => entry.name.includes('lottie-player'));
      return player && navigation ? player.startTime - navigation.loadEventStart : undefined;
    });
    expect(playerAskedAfterLoad).toBeGreaterThanOrEqual(SETTLE_MS);
    const loaded = await fetched();
    expect(loaded.some((url) => /\/assets\/lazy\/lottie-player-[0-9A-Z]+\.js$/.test(url))).toBe(true);
    expect(loaded.some((url) => /\/assets\/animations\/hosting-[0-9A-F]+\.json$/.test(url))).toBe(true);
    // The illustrations further down have not been fetched yet.
    expect(loaded.some((url) => url.includes('/animations/') && url.endsWith('.json') && !url.includes('hosting'))).toBe(false);
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('hold their frame once scrolled off screen, and go on when back in view', async () => {
    const { page, context, problems } = await visit('/services/shared-hosting');
    const figure = page.locator('.animation').first();
    await figure.scrollIntoViewIfNeeded();
    await expect.poll(() => figure.getAttribute('class')).toBe('animation has-player');
    const frame = () => figure.locator('.animation-stage').innerHTML();
    const first = await frame();
    await expect.poll(frame).not.toBe(first);

    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect.poll(() => figure.evaluate((element) => element.getBoundingClientRect().bottom < 0)).toBe(true);
    // Off screen, it draws nothing: 400 ms is a dozen frames of its 30 a second (a frame already under way may land).
    await page.waitForTimeout(200);
    const held = await frame();
    await page.waitForTimeout(400);
    expect(await frame()).toBe(held);

    await figure.scrollIntoViewIfNeeded();
    await expect.poll(frame).not.toBe(held);
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('stay still under prefers-reduced-motion and without JavaScript, with no pause button that would have nothing to do', async () => {
    for (const options of [{ reducedMotion: 'reduce' as const }, { javaScriptEnabled: false }]) {
      const { page, context } = await visit('/services/shared-hosting', options);
      const figure = page.locator('.animation').first();
      await figure.scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      expect(await figure.getAttribute('class')).toBe('animation');
      expect(await figure.locator('img').isVisible()).toBe(true);
      // Not shown, so not reached by Tab either.
      expect(await figure.locator('button').isVisible()).toBe(false);
      await context.close();
    }
  });

  it('pause from the keyboard, all of them, and stay paused on the next page until played again', async () => {
    const { page, context, problems } = await visit('/services/custom-development');
    const figure = page.locator('.animation').first();
    await expect.poll(() => figure.getAttribute('class')).toBe('animation has-player');
    const frame = () => figure.locator('.animation-stage').innerHTML();
    // Playing, its drawing changes (polled: a busy machine draws the next frame late).
    const first = await frame();
    await expect.poll(frame).not.toBe(first);

    // Reached with Tab like any control, and pressed with Enter.
    let focused = '';
    for (let presses = 0; presses < 60 && focused !== labels.animation.pause; presses++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    }
    expect(focused).toBe(labels.animation.pause);
    await page.keyboard.press('Enter');
    // Paused, it holds its frame: 400 ms is a dozen frames of its 30 a second.
    const held = await frame();
    await page.waitForTimeout(400);
    expect(await frame()).toBe(held);
    // Every illustration on the page follows, and the button now offers to play.
    expect(await page.getByRole('button', { name: labels.animation.pause }).count()).toBe(0);
    expect(await page.getByRole('button', { name: labels.animation.play }).count()).toBe(await page.locator('.animation').count());

    // The next page remembers: its illustration shows the still and loads no player.
    await page.goto('/services/shared-hosting');
    await waitForHydration(page);
    const next = page.locator('.animation').first();
    await next.scrollIntoViewIfNeeded();
    const toggle = next.getByRole('button', { name: labels.animation.play });
    await toggle.waitFor();
    await page.waitForTimeout(500);
    expect(await next.getAttribute('class')).toBe('animation');
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('lottie-player')))).toBe(
      false,
    );

    // Space on the button plays them again.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => next.getAttribute('class')).toBe('animation has-player');
    expect(await next.getByRole('button', { name: labels.animation.pause }).isVisible()).toBe(true);
    expect(problems.list).toEqual([]);
    await context.close();
  });
});
