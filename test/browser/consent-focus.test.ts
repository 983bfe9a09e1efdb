// The consent bar hides no focus (WCAG 2.2 SC 2.4.11, Focus Not Obscured):
// with the bar open, as a first visit shows it, every stop a keyboard user
// reaches by Tab, on every page at a small phone's, a phone's and a desktop's
// width, ends up whole on screen and clear of the bar once the browser has
// scrolled it into view; and Accept and Reject are among the first three
// stops. The tag manager's hosts are refused: nothing leaves the machine (no
// request is made before a choice anyway).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserPaths } from '../support/pages.js';
import { openPage, openSiteInBrowser, waitForHydration } from '../support/browser.js';
import { labels } from '../support/labels.js';
import { sectionOf } from '../../shared/content/markdown.js';
import siteWide from '../../shared/content/site-wide.shared.md';

/** The bar's name: its heading in shared/content/site-wide.shared.md (#consent). */
const barName = sectionOf(siteWide, 'consent').title;

const site = openSiteInBrowser({ GTM_ID: 'GTM-T3ST123' });
const paths = browserPaths;
const widths = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
];

interface Stop {
  /** Which element, in words a reader of a failure can find. */
  name: string;
  inBar: boolean;
  /** Where it is, once the page stopped scrolling. */
  box: { top: number; bottom: number; left: number; right: number };
  bar: { top: number; bottom: number; left: number; right: number };
  /** The sticky header's box: what is above it is out of sight. */
  header: { top: number; bottom: number; left: number; right: number };
  viewport: { width: number; height: number };
  /** Its place in the document, to tell when Tab has come round to the start. */
  index: number;
}

/** Where focus is after a Tab, once any scrolling it caused (smooth, where motion is not reduced) has come to rest. */
function focusStop(page: Page): Promise<Stop | null> {
  return page.evaluate(async () => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let last = '';
    for (let still = 0, frames = 0; still < 3 && frames < 120; frames++) {
      await frame();
      const now = `${scrollX},${scrollY},${JSON.stringify(element.getBoundingClientRect())}`;
      still = now === last ? still + 1 : 0;
      last = now;
    }
    const edges = (rect: DOMRect) => ({ top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right });
    const bar = document.querySelector('.consent-bar')!;
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return {
      name: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} “${label}”`,
      inBar: bar.contains(element),
      box: edges(element.getBoundingClientRect()),
      bar: edges(bar.getBoundingClientRect()),
      header: edges(document.querySelector('.site-header')!.getBoundingClientRect()),
      viewport: { width: innerWidth, height: innerHeight },
      index: [...document.querySelectorAll('*')].indexOf(element),
    };
  });
}

/** Every Tab stop of the page from its start, until focus comes round again (or leaves the page). */
async function tabThrough(page: Page): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < 300; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (!stop || stop.index === stops[0]?.index) break;
    stops.push(stop);
  }
  return stops;
}

/**
 * What is wrong with a stop: under the bar, or not wholly within the
 * viewport's height. (Sideways, the bar covers nothing.) A stop taller than
 * the room between the header and the bar cannot be whole on screen, bar or
 * no bar: it must then start just below the header (within 1rem) and reach
 * down to the bar, as much of it on show as there is room for.
 */
function obscured({ inBar, box, bar, header, viewport }: Stop): string | undefined {
  if (inBar) return undefined;
  const where = `${Math.round(box.top)} to ${Math.round(box.bottom)}; the bar from ${Math.round(bar.top)}`;
  // Sub-pixel positions round either way: a pixel is not a covered control.
  if (box.bottom - box.top > bar.top - header.bottom) {
    return box.top >= header.bottom - 1 && box.top <= header.bottom + 16 && box.bottom >= bar.top - 1
      ? undefined
      : `taller than the room, and not filling it (${where})`;
  }
  if (box.bottom > bar.top + 1 && box.top < bar.bottom) return `under the bar (${where})`;
  if (box.top < -1 || box.bottom > viewport.height + 1) return `not whole on screen (${where})`;
  return undefined;
}

/** Up to a hundred Tabs, each waiting for the page to stop scrolling: 5-13 s a page alone, more beside other browser tests. */
const tabThroughTimeout = 90_000;

describe.each(widths)('with the consent bar open at $width px', (viewport) => {
  it.each(paths)(
    '%s: every Tab stop is clear of the bar and within the screen’s height; Accept and Reject within 3 Tabs',
    async (path) => {
      const { page, context } = await openPage(site.browser, site.server.url, viewport);
      await page.goto(path);
      await waitForHydration(page);
      await page.getByRole('region', { name: barName }).waitFor();
      const stops = await tabThrough(page);
      const firstThree = stops.slice(0, 3).map((stop) => stop.name);
      // A page has more stops than its header and the bar: Tab went through all of it.
      expect(stops.filter((stop) => !stop.inBar).length).toBeGreaterThan(10);
      const hidden = stops.flatMap((stop) => {
        const problem = obscured(stop);
        return problem ? [`${stop.name}: ${problem}`] : [];
      });
      expect({
        hidden,
        acceptAndRejectInFirstThree: [labels.consent.accept, labels.consent.reject].every((name) =>
          firstThree.some((stop) => stop.includes(`“${name}”`)),
        ),
      }).toEqual({
        hidden: [],
        acceptAndRejectInFirstThree: true,
      });
      await context.close();
    },
    tabThroughTimeout,
  );
});

describe('a choice made after the consent bar’s script arrived late', () => {
  it('gives focus back to the field the visitor was typing in before the script started', async () => {
    const { page, context } = await openPage(site.browser, site.server.url, widths[2]);
    // The consent bar's module held back until the visitor has put focus in a field and typed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(/\/assets\/consent-\w+\.js$/, async (route) => {
      requested = true;
      await held;
      await route.continue();
    });
    await page.goto('/contact#topic-migration');
    await page.locator('#topic-migration-name').click();
    await page.keyboard.type('Ada');
    expect(requested, 'the consent bar’s module was requested and held').toBe(true);
    release();
    // The script has started once Cookie settings, which only it can answer, is shown.
    await page.locator('[data-consent-settings]').waitFor();
    await page.getByRole('region', { name: barName }).getByRole('button', { name: labels.consent.accept }).click();
    await page.getByRole('region', { name: barName }).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('topic-migration-name');
    await context.close();
  }, 30_000);
});

describe('the focus clearance, when the visitor has moved on', () => {
  it('leaves the page where it was scrolled after focus moved, before the next frame', async () => {
    // As after a choice in the bar, which focuses a control at the visitor's place: a scroll in the same moment (the
    // wheel, End, a driver's click further down) is the visitor's, and the control, now out of view, is not brought back.
    const { page, context } = await openPage(site.browser, site.server.url, widths[1]);
    await page.goto('/contact');
    await waitForHydration(page);
    const scrolled = await page.evaluate(async () => {
      const control = document.querySelector<HTMLElement>('main a[href], main input')!;
      control.focus({ preventScroll: true });
      const end = document.documentElement.scrollHeight - innerHeight;
      scrollTo({ top: end, behavior: 'instant' });
      for (let i = 0; i < 5; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      return { end, now: scrollY };
    });
    expect(scrolled.now).toBe(scrolled.end);
    await context.close();
  }, 30_000);

  it('leaves the page where it is when a tap gives focus, so the tap lands where it was aimed', async () => {
    // Pressing on a page's text focuses <main> (a skip link's target), and a label's press focuses its radio: had
    // the clearance moved the page then, the release would land elsewhere and the tap be lost (Monthly, tapped after
    // Yearly, did nothing).
    const { page, context } = await openPage(site.browser, site.server.url, widths[2]);
    await page.goto('/services/shared-hosting');
    await waitForHydration(page);
    const yearly = page.locator('label[for="billing-yearly"]');
    const monthly = page.locator('label[for="billing-monthly"]');
    await yearly.click();
    await expect.poll(() => page.locator('[data-island="billing-switch"]').getAttribute('data-upgraded')).toBe('');
    await expect.poll(() => page.locator('#billing-yearly').isChecked()).toBe(true);
    // Each pressed while focus is on a radio of the switch, so the press moves focus.
    for (const target of [monthly, page.locator('main p').last()]) {
      await target.scrollIntoViewIfNeeded();
      const box = (await target.boundingBox())!;
      const before = await page.evaluate(() => scrollY);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      // Held for a few frames, as a finger is.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
      await page.mouse.up();
      expect(await page.evaluate(() => scrollY)).toBe(before);
    }
    expect(await page.locator('#billing-monthly').isChecked()).toBe(true);
    await context.close();
  }, 30_000);
});
