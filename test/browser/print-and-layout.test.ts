// What a customer gets when printing (or saving as PDF) the legal pages and the
// plans, the plans as a tablet shows them, and the inner pages' banners.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { indexableRoutes } from '../../shared/routes.js';
import { openPage, openSiteInBrowser, viewports } from '../support/browser.js';
import { labels } from '../support/labels.js';
import { listenOnLoopback } from '../support/loopback.js';

const site = openSiteInBrowser();

describe('printed', () => {
  it.each(['/terms', '/privacy', '/aup', '/services/shared-hosting'])(
    '%s: title and brand on top, black on white, no navigation, forms, buttons or illustrations, external addresses written out',
    async (path) => {
      const { context, page } = await openPage(site.browser, site.server.url, viewports.desktop);
      await page.goto(path);
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('h1').isVisible()).toBe(true);
      expect(await page.locator('.site-header .brand').isVisible()).toBe(true);
      for (const selector of ['nav', 'form', 'button', 'dialog', '.animation', 'input', '.breadcrumb'])
        expect(await page.locator(selector).evaluateAll((all) => all.filter((element) => element.checkVisibility()).length), selector).toBe(
          0,
        );
      const body = await page.evaluate(() => {
        const style = getComputedStyle(document.body);
        return { color: style.color, background: style.backgroundColor };
      });
      expect(body).toEqual({ color: 'rgb(0, 0, 0)', background: 'rgb(255, 255, 255)' });
      // Every visible external link is followed by its address.
      const external = await page
        .locator('main a[href^="http"]')
        .evaluateAll((links) =>
          links
            .filter((link) => link.checkVisibility())
            .map((link) => [link.getAttribute('href'), getComputedStyle(link, '::after').content]),
        );
      for (const [href, after] of external) expect(after).toBe(`" (${href})"`);
      if (path.startsWith('/terms')) expect(external.length).toBeGreaterThan(0);
      // Tables and plan cards are never split across two pages.
      const splittable = await page
        .locator('main table, main .plan')
        .evaluateAll((all) => all.map((element) => getComputedStyle(element).breakInside));
      for (const breakInside of splittable) expect(breakInside).toBe('avoid');
      await context.close();
    },
  );
});

describe('the plans on a tablet', () => {
  it('are side by side at 768 px, each card as tall as the others', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.tablet);
    await page.goto('/services/shared-hosting');
    const boxes = await page
      .locator('.plans > .plan')
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(3);
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
    expect(new Set(boxes.map((box) => Math.round(box.height))).size).toBe(1);
    // Nothing is pushed off the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await context.close();
  });
});

describe('a document still arriving', () => {
  it('is not painted until its header is whole, so the header’s buttons never shift as the rest arrives', async () => {
    // The real page, sent in two parts: up to the middle of the header's buttons, then, later, the rest.
    const whole = Buffer.from(await (await fetch(`${site.server.url}/`)).arrayBuffer());
    const split = whole.indexOf(`aria-label="${labels.header.openMenu}"`);
    expect(split).toBeGreaterThan(0);
    let sendRest: () => void = () => undefined;
    const slow = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.write(whole.subarray(0, split));
      sendRest = () => void res.end(whole.subarray(split));
    });
    const port = await listenOnLoopback(slow);
    const { context, page } = await openPage(site.browser, `http://127.0.0.1:${port}`, {
      width: 320,
      height: 568,
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForTimeout(500);
    const painted = () => page.evaluate(() => performance.getEntriesByType('paint').length > 0);
    expect(await painted()).toBe(false);
    sendRest();
    await expect.poll(painted).toBe(true);
    await context.close();
    slow.close();
  });
});

describe('a legal page on a desktop', () => {
  it('keeps its table of contents in view beside the text as it scrolls, under a header nothing shows through', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.desktop);
    await page.goto('/terms');
    const section = page.locator('.legal-text section').nth(6);
    await section.scrollIntoViewIfNeeded();
    const placed = await page.evaluate(() => {
      const toc = document.querySelector('.legal-toc')!.getBoundingClientRect();
      const header = document.querySelector('.site-header')!;
      return {
        below: toc.top >= header.getBoundingClientRect().bottom,
        inView: toc.bottom <= innerHeight,
        header: getComputedStyle(header).backgroundColor,
      };
    });
    expect(placed.below && placed.inView).toBe(true);
    // Opaque: an rgb() colour, not rgba() with some transparency.
    expect(placed.header).toMatch(/^rgb\(/);
    await context.close();
  });
});

describe('an inner page’s banner', () => {
  const bannered = indexableRoutes().filter((route) => route.breadcrumb);

  it.each([768, 1280, 1920])('at %i px, spans its width: the summary or the main link beside the title, or under it', async (width) => {
    const { context, page } = await openPage(site.browser, site.server.url, { width, height: 900 });
    const empty: string[] = [];
    for (const { path } of bannered) {
      await page.goto(path);
      // How far right the banner's visible text and link reach, as a share of its row's width.
      const reach = await page.locator('.page-banner .container').evaluate((row) => {
        const box = row.getBoundingClientRect();
        const style = getComputedStyle(row);
        const left = box.left + parseFloat(style.paddingLeft);
        const right = box.right - parseFloat(style.paddingRight);
        const edges = [...row.querySelectorAll('h1, li, p, a.button')]
          .filter((element) => element.checkVisibility())
          .flatMap((element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            return [...range.getClientRects()].map((rect) => rect.right);
          });
        return (Math.max(...edges) - left) / (right - left);
      });
      if (reach < 2 / 3) empty.push(`${path}: its content reaches ${Math.round(reach * 100)}% of its width`);
    }
    expect(empty).toEqual([]);
    await context.close();
  });

  it('on a phone is the title and breadcrumb alone, the summary left to the page', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.phone);
    for (const { path } of bannered) {
      await page.goto(path);
      expect(await page.locator('.page-banner-lead').isVisible(), path).toBe(false);
      expect(await page.locator('.page-banner h1').isVisible(), path).toBe(true);
    }
    await context.close();
  });
});

describe('the page’s main heading', () => {
  const paths = [...indexableRoutes().map((route) => route.path), '/not-a-page'];

  it.each([320, 360, 1280])('at %i px, is larger than every section heading by a clear margin', async (width) => {
    const { context, page } = await openPage(site.browser, site.server.url, { width, height: 800 });
    const led: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      const { h1, h2 } = await page.evaluate(() => {
        const size = (element: Element) => parseFloat(getComputedStyle(element).fontSize);
        const visible = [...document.querySelectorAll('h2')].filter((element) => element.checkVisibility());
        return { h1: size(document.querySelector('h1')!), h2: Math.max(...visible.map(size)) };
      });
      // A quarter larger at least: a visitor tells the page's title from a section's at a glance.
      if (h1 < 1.25 * h2) led.push(`${path}: h1 ${h1.toFixed(1)} px, largest h2 ${h2.toFixed(1)} px`);
    }
    expect(led).toEqual([]);
    await context.close();
  });
});
