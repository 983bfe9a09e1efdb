// The header after hydration, as a visitor uses it: the Services dropdown by
// mouse and keyboard, the overlay menu on a phone by touch and keyboard, and
// every page loading without a console error, page error or failed request.
import { describe, expect, it } from 'vitest';
import { routeById, routes } from '../../shared/routes.js';
import { browserPaths, notFoundPath } from '../support/pages.js';
import {
  firstContentfulPaint,
  holdClientScript,
  holdStylesheet,
  openPage,
  openSiteInBrowser,
  viewports,
  waitForHydration,
} from '../support/browser.js';
import { labels } from '../support/labels.js';
import { fill } from '../../shared/content/labels.js';

const site = openSiteInBrowser();

const paths = browserPaths;

// The three review widths, and 320 px, the narrowest phone in use, for horizontal scrolling.
describe.each([...Object.entries(viewports), ['narrowest', { width: 320, height: 640 }] as const])(
  'every page at %s width',
  (_name, viewport) => {
    it.each(paths)('%s loads and hydrates with no error', async (path) => {
      const { context, page, problems } = await openPage(site.browser, site.server.url, viewport);
      const response = await page.goto(path);
      const missing = path === notFoundPath;
      expect(response?.status()).toBe(missing ? 404 : 200);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      // Chromium reports the 404 document itself as a failed resource; nothing else may fail.
      const expected = missing
        ? [`console: Failed to load resource: the server responded with a status of 404 (Not Found) (${site.server.url}${path})`]
        : [];
      expect(problems.list).toEqual(expected);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await context.close();
    });
  },
);

/** The home page on a desktop, hydrated, and its Services button. */
async function desktopHome() {
  const opened = await openPage(site.browser, site.server.url, viewports.desktop);
  await opened.page.goto('/');
  await waitForHydration(opened.page);
  return {
    ...opened,
    button: opened.page.getByRole('navigation', { name: labels.header.mainMenu }).getByRole('button', { name: labels.header.services }),
  };
}

describe('the Services dropdown on a desktop', () => {
  it('opens and closes by mouse, keeping aria-expanded true to its state', async () => {
    const { context, page, problems, button } = await desktopHome();
    const menu = page.locator('#services-menu');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    await page.locator('h1').click();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    await button.click();
    await menu.getByRole('link', { name: routeById('custom-development').label }).click();
    await page.waitForURL('**/services/custom-development');
    expect((await page.title()).split(' | ')[0]).toBe(routeById('custom-development').meta.title);
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('opens with Enter and Space, and Escape closes it and gives focus back', async () => {
    const { context, page, button } = await desktopHome();
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Shared Hosting');
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('services-menu');
    await page.keyboard.press('Space');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});

describe('the Services dropdown, as focus and the mouse leave it', () => {
  it('closes when Tab takes focus past its last link, or Shift+Tab back before the button', async () => {
    const { context, page, button } = await desktopHome();
    const links = await page.locator('#services-menu a').count();
    await button.focus();
    await page.keyboard.press('Enter');
    for (let i = 0; i < links; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('All Services');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Contact');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#services-menu').isVisible()).toBe(false);
    await button.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('opens when the mouse rests on Services, stays open for a click, and closes once the mouse has left', async () => {
    const { context, page, button } = await desktopHome();
    const menu = page.locator('#services-menu');
    await button.hover();
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    // A click on a menu the mouse has opened keeps it open.
    await button.click();
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole('link', { name: routeById('maintenance').label }).hover();
    await page.locator('h1').hover();
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});

describe('the overlay menu on a phone', () => {
  it('is painted before any script is requested, works at once as a native menu, and hands over to the overlay', async () => {
    const { context, page, problems } = await openPage(site.browser, site.server.url, viewports.phone, { hasTouch: true });
    // Hold the client entry back until the test lets it through.
    const { release, requested: scriptRequests } = await holdClientScript(page);
    // And the whole stylesheet, which follows the first section (decision 045).
    const stylesheet = await holdStylesheet(page);
    await page.goto('/', { waitUntil: 'commit' });
    // The first paint needs the document alone: it happens while the script and the stylesheet are held.
    await expect.poll(() => firstContentfulPaint(page)).toBe(true);
    // Nothing has asked for the header's modules yet: no visitor has reached for it.
    expect(scriptRequests).toEqual([]);
    // Before the client, the menu is a native disclosure: a tap opens it at once.
    const fallback = page.locator(`summary[aria-label="${labels.header.openMenu}"]`);
    await fallback.tap();
    expect(await page.evaluate(() => document.querySelector('[data-upgraded]') !== null)).toBe(false);
    await expect.poll(() => page.getByRole('navigation', { name: labels.header.phoneMenu }).isVisible()).toBe(true);
    // The tap was the header's upgrade asked for: its modules, requested only now.
    await expect.poll(() => scriptRequests.length).toBeGreaterThan(0);
    stylesheet.release();
    release();
    await waitForHydration(page);
    // Closed by the visitor, it gives way to the overlay's button.
    await fallback.tap();
    const toggle = page.getByRole('button', { name: labels.header.openMenu });
    await toggle.tap();
    const overlay = page.getByRole('dialog', { name: labels.header.menu });
    await expect.poll(() => overlay.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('opens by touch, expands the services group, and closes', async () => {
    const { context, page, problems } = await openPage(site.browser, site.server.url, viewports.phone, { hasTouch: true });
    await page.goto('/');
    await waitForHydration(page);
    expect(await page.getByRole('navigation', { name: labels.header.mainMenu }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: labels.header.openMenu });
    await toggle.tap();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const overlay = page.getByRole('dialog', { name: labels.header.menu });
    expect(await overlay.isVisible()).toBe(true);
    const group = overlay.getByRole('button', { name: labels.header.services });
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    expect(await overlay.getByRole('link', { name: routeById('maintenance').label }).isVisible()).toBe(false);
    await group.tap();
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    expect(await overlay.getByRole('link', { name: routeById('maintenance').label }).isVisible()).toBe(true);
    await group.tap();
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    await overlay.getByRole('button', { name: fill(labels.header.close, { dialog: labels.header.menu.toLowerCase() }) }).tap();
    await expect.poll(() => overlay.isVisible()).toBe(false);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('opens with the keyboard, keeps focus inside, and Escape gives focus back to its button', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.phone);
    await page.goto('/about');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: labels.header.openMenu });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const overlay = page.getByRole('dialog', { name: labels.header.menu });
    expect(await overlay.isVisible()).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#overlay-menu')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => overlay.isVisible()).toBe(false);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(labels.header.openMenu);
    await context.close();
  });
});

describe('the header upgrading under keyboard focus', () => {
  // Focus entering the header is what upgrades it: a control reached by Tab
  // while its modules load must not be swapped for its upgraded twin under
  // the visitor (focus would fall to the page, its ring gone).
  it.each([
    ['the search disclosure, on a desktop', viewports.desktop, `summary[aria-label="${labels.header.search}"]`],
    ['the menu disclosure, on a phone', viewports.phone, `summary[aria-label="${labels.header.openMenu}"]`],
  ] as const)('keeps %s on screen and focused as the header goes live', async (_name, viewport, selector) => {
    const { context, page, problems } = await openPage(site.browser, site.server.url, viewport);
    const { release } = await holdClientScript(page);
    await page.goto('/privacy');
    let focused = '';
    for (let presses = 0; presses < 30 && focused !== selector; presses++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate((wanted) => (document.activeElement?.matches(wanted) ? wanted : ''), selector);
    }
    expect(focused).toBe(selector);
    release();
    await expect.poll(() => page.locator('[data-island="header"]').getAttribute('data-upgraded')).toBe('');
    const still = await page.evaluate((wanted) => {
      const element = document.activeElement;
      return Boolean(element?.matches(wanted) && element.getClientRects().length > 0);
    }, selector);
    expect(still).toBe(true);
    // Enter answers as the disclosure it is.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(selector).evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open)).toBe(true);
    expect(problems.list).toEqual([]);
    await context.close();
  });
});

describe('moving around the site', () => {
  it('every header and footer link reaches its page, with the right title', async () => {
    const { context, page, problems } = await openPage(site.browser, site.server.url, viewports.desktop);
    await page.goto('/');
    await waitForHydration(page);
    const links = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('header a[href^="/"], footer a[href^="/"]')].map((a) => a.getAttribute('href')!),
    );
    const unique = [...new Set(links)];
    expect(unique.length).toBeGreaterThanOrEqual(9);
    for (const href of unique) {
      const route = routes.find((r) => r.path === href)!;
      expect(route, href).toBeDefined();
      const response = await page.goto(href);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe(`${route.meta.title} | Example Hosting`);
    }
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('clicking through the header works, and Back returns to the earlier scroll position', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.desktop);
    await page.goto('/terms');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);
    // A DOM click, as a visitor's: Playwright's own click scrolls the target into view first.
    await page
      .getByRole('navigation', { name: labels.header.mainMenu })
      .getByRole('link', { name: routeById('about').label })
      .evaluate((link: HTMLElement) => link.click());
    await page.waitForURL('**/about');
    expect((await page.title()).split(' | ')[0]).toBe(routeById('about').meta.title);
    await page.goBack();
    await page.waitForURL('**/terms');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);
    await context.close();
  });
});

describe('the first paint', () => {
  // On a fast network the load event can come before the first paint; a module fetched then (an illustration's)
  // competes with the paint, and Lighthouse counts it into the Largest Contentful Paint. The same holds where the
  // first contentful paint comes well after the first frame (a busy phone slow to present it; here, the page kept
  // blank for CONTENT_LATE_MS by the test), later than the consent bar's bound after that frame.
  const CONTENT_LATE_MS = 500;
  it.each([
    ['/about', 0],
    ['/services/custom-development', 0],
    ['/services/shared-hosting', 0],
    ['/services/shared-hosting', CONTENT_LATE_MS],
  ])('%s requests no module before it is painted, its content shown %d ms after the first frame', async (path, contentLate) => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.phone);
    if (contentLate > 0)
      await page.addInitScript((late) => {
        // A style property, not a <style> element: the page's Content-Security-Policy allows only its own.
        const blank = () => {
          document.documentElement.style.visibility = 'hidden';
          requestAnimationFrame(() => setTimeout(() => document.documentElement.style.removeProperty('visibility'), late));
        };
        if (document.documentElement) blank();
        else
          new MutationObserver((_, observer) => {
            if (!document.documentElement) return;
            observer.disconnect();
            blank();
          }).observe(document, { childList: true });
      }, contentLate);
    await page.goto(path);
    const timings = () =>
      page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({ path: new URL(entry.name).pathname, at: entry.startTime })),
      }));
    // The page's illustration fetches its module once the page has settled: wait for it, with a bound.
    await expect.poll(async () => (await timings()).scripts.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const { paint, scripts } = await timings();
    expect(paint).toBeDefined();
    expect(scripts.filter((script) => script.at < paint!)).toEqual([]);
    await context.close();
  });
});
