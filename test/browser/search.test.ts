// Site search as visitors use it in Chromium: the header's form without
// JavaScript (or with the client script failing) landing on the search page;
// the panel by keyboard alone once the client runs; and the index holding no
// text a sighted visitor cannot see on the page it points to.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkListOf, sectionOf } from '../../shared/content/markdown.js';
import { loadConfig } from '../../server/config.js';
import searchCopy from '../../shared/pages/search/search.page.md';

/** The heading of a search that found nothing, before the words searched for. */
const noResults = sectionOf(searchCopy, 'no-results');
const popularPages = linkListOf('starting-points', sectionOf(searchCopy, 'starting-points').blocks[1], loadConfig({}).site);
import { indexableRoutes, routes } from '../../shared/routes.js';
import type { SearchEntry } from '../../shared/search.js';
import { axeViolations } from '../support/axe.js';
import { openPage, openSiteInBrowser, viewports, waitForHydration } from '../support/browser.js';
import { labels } from '../support/labels.js';
import { fill } from '../../shared/content/labels.js';

const site = openSiteInBrowser();

/** Searches from the header's own form, as without the client: open the disclosure, type, press Enter. */
async function searchFromHeader(page: Page, query: string) {
  await page.locator(`summary[aria-label="${labels.header.search}"]`).click();
  const field = page.locator('#header-search-query');
  await field.fill(query);
  await field.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search');
}

describe('the search page, reached from the header without JavaScript', () => {
  it.each(Object.entries({ phone: viewports.phone, desktop: viewports.desktop }))(
    'on a %s: a question lands on results, the best answer first, with its snippet marked',
    async (_, viewport) => {
      const { context, page } = await openPage(site.browser, site.server.url, viewport, { javaScriptEnabled: false });
      await page.goto('/about');
      await searchFromHeader(page, 'how much does it cost');
      expect(new URL(page.url()).searchParams.get('q')).toBe('how much does it cost');
      expect(await page.locator('h1').textContent()).toBe(fill(labels.searchPage.title, { query: 'how much does it cost' }));
      const first = page.locator('.search-results a').first();
      expect(await first.getAttribute('href')).toBe('/services/shared-hosting#pricing');
      expect(await page.locator('.search-results mark').count()).toBeGreaterThan(0);
      await first.click();
      await page.waitForURL('**/services/shared-hosting#pricing');
      await context.close();
    },
  );

  it('answers a query that matches nothing with the contact options and where to start, never a dead end', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.phone, { javaScriptEnabled: false });
    await page.goto('/');
    await searchFromHeader(page, 'pizza delivery');
    expect(await page.getByRole('heading', { name: `${noResults.title} “pizza delivery”` }).isVisible()).toBe(true);
    expect(await page.locator('main a[href^="mailto:"]').count()).toBe(1);
    expect(await page.locator('main a[href^="tel:"]').count()).toBe(1);
    // Where to start: every popular page of the search page's copy, linked.
    for (const { label, href } of popularPages)
      expect(await page.locator('main').getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(href);
    await context.close();
  });

  it.each(['/search?q=backups', '/search?q=pizza+delivery', '/search'])('%s: axe finds nothing, in light and dark', async (path) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await openPage(site.browser, site.server.url, viewports.phone, { colorScheme });
      await page.goto(path);
      await waitForHydration(page);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('lists a task done in the client portal as leaving the site', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.desktop, { javaScriptEnabled: false });
    await page.goto('/search?q=sign+in');
    const first = page.locator('.search-results a').first();
    expect(await first.getAttribute('href')).toBe('https://portal.example.com/clientarea.php');
    // Named as the portal, not as a page of the site.
    const where = await first.locator('.search-result-page').textContent();
    expect(where).toMatch(/portal/i);
    expect(routes.map((route) => route.label)).not.toContain(where);
    await context.close();
  });

  it('works the same when the client script fails to load', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.phone);
    await page.route(/\/assets\/[\w-]+\.js$/, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
    await page.goto('/contact');
    await searchFromHeader(page, 'refund policy');
    expect(await page.locator('.search-results a').first().getAttribute('href')).toBe('/terms#refunds');
    expect(await page.evaluate(() => document.querySelector('[data-upgraded]') !== null)).toBe(false);
    await context.close();
  });
});

describe('the search panel, by keyboard alone', () => {
  /** Tabs from the top of the page to the search button, and opens the panel with Enter. */
  async function openPanelByKeyboard(page: Page) {
    for (let tab = 0; tab < 25; tab++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === labels.header.search) break;
    }
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: labels.header.searchTitle }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('site-search');
  }

  it('moves through the results with the arrow keys and follows the chosen one with Enter', async () => {
    const { context, page, problems } = await openPage(site.browser, site.server.url, viewports.desktop);
    await page.goto('/about');
    await waitForHydration(page);
    await openPanelByKeyboard(page);
    await page.keyboard.type('backups');
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThan(2);
    const field = page.getByRole('combobox', { name: labels.search.panelField });
    expect(await field.getAttribute('aria-expanded')).toBe('true');
    expect(await field.getAttribute('aria-activedescendant')).toBeNull();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const active = page.locator('[role="option"][aria-selected="true"]');
    expect(await active.count()).toBe(1);
    expect(await field.getAttribute('aria-activedescendant')).toBe(await active.getAttribute('id'));
    expect(await active.getAttribute('id')).toBe(await options.nth(1).getAttribute('id'));
    // The chosen result is shown as chosen (the field keeps the focus ring).
    expect(await active.evaluate((link) => getComputedStyle(link).outlineStyle)).toBe('solid');
    const target = await active.getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => `${url.pathname}${url.hash}` === target);
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('goes to the first result on Enter, and to the search page when there is none', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.phone);
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: labels.header.search }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: labels.header.searchTitle }).waitFor();
    await page.keyboard.type('can i get my money back');
    await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(0);
    const first = await page.getByRole('option').first().getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => `${url.pathname}${url.hash}` === first);
    // Landing on a question of the FAQ opens its answer.
    if (first?.includes('#faq-')) {
      const question = page.locator(`details${first.slice(first.indexOf('#'))}`);
      await expect.poll(() => question.getAttribute('open')).toBe('');
    }

    await waitForHydration(page);
    await page.getByRole('button', { name: labels.header.search }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: labels.header.searchTitle }).waitFor();
    await page.keyboard.type('zzqx');
    await expect.poll(() => page.getByText(fill(labels.search.nothing, { link: labels.search.nothingLink })).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'zzqx');
    expect(await page.getByRole('heading', { name: `${noResults.title} “zzqx”` }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('the search index', () => {
  it('holds only text a sighted visitor sees on the page each entry points to', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.desktop);
    await page.goto('/');
    const indexUrl = await page.evaluate(
      () => JSON.parse(document.querySelector('[data-island="header"]')!.getAttribute('data-props')!).searchIndexUrl as string,
    );
    const entries = (await (await page.request.get(indexUrl)).json()) as SearchEntry[];
    const words = (text: string) =>
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
    const unseen: string[] = [];
    for (const { path } of indexableRoutes()) {
      await page.goto(path);
      await waitForHydration(page);
      // What the page shows with every answer of its FAQ opened: nothing hidden, clipped to a pixel or transparent.
      const visible = await page.evaluate(() => {
        for (const details of document.querySelectorAll('details')) details.open = true;
        const main = document.querySelector('main')!;
        for (const element of main.querySelectorAll<HTMLElement>('*')) {
          const box = element.getBoundingClientRect();
          const shown = element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
          if (!shown || (box.width <= 1 && box.height <= 1 && element.textContent?.trim())) element.style.display = 'none';
        }
        return main.innerText;
      });
      const shown = ` ${words(visible).join(' ')} `;
      for (const entry of entries.filter((candidate) => candidate.path.split('#')[0] === path)) {
        // Every run of five words of the entry's heading and text is somewhere on the page
        // (a page's own entry is titled by its name in the menus, which the header shows; its text may join two parts with "…").
        for (const text of entry.path.includes('#') ? [entry.title, entry.text] : entry.text.split(' … ')) {
          const tokens = words(text);
          for (let at = 0; at < tokens.length; at += 5) {
            const run = tokens.slice(at, at + 5).join(' ');
            if (!shown.includes(` ${run} `)) unseen.push(`${entry.path}: “${run}”`);
          }
        }
      }
    }
    expect(unseen).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('the search on a small phone', () => {
  const longWord = 'a'.repeat(34) + 'b'.repeat(34);

  it.each([`/search?q=${longWord}`, `/search?q=backups+${longWord}`])(
    '%s, a 68-character word, does not scroll sideways at 320 px',
    async (path) => {
      const { context, page } = await openPage(site.browser, site.server.url, { width: 320, height: 640 });
      await page.goto(path);
      await waitForHydration(page);
      expect(await page.locator('main').textContent()).toContain(longWord.slice(0, 20));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await context.close();
    },
  );

  it.each([320, 390])('at %i px, shows the panel’s example words whole', async (width) => {
    const { context, page } = await openPage(site.browser, site.server.url, { width, height: 740 });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: labels.header.search }).click();
    const field = page.getByRole('combobox', { name: labels.search.panelField });
    await field.waitFor();
    // The placeholder's width in the field's own font, against the room inside the field.
    const { text, needed, room } = await field.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return {
        text: input.placeholder,
        needed: context.measureText(input.placeholder).width,
        room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    });
    expect(text.length).toBeGreaterThan(10);
    expect(needed, text).toBeLessThanOrEqual(room);
    await context.close();
  });
});
