// Analytics that ask first (ANALYTICS_CONSENT=required, the default, with
// GTM_ID set), as a visitor meets them in Chromium: nothing requested and no
// cookie before Accept; Accept loads the tag manager once per page, after a
// Consent Mode default of everything denied; Reject loads nothing, on every
// page after; Global Privacy Control is a Reject with no bar; the footer's
// labels.consent.settings reopens the bar, and a Reject there stops the running tag
// at once. The tag manager's hosts are answered here by a stand-in that acts
// as Google's tag does: it sets a cookie and keeps sending measurements (the
// real one does so under Consent Mode even with everything denied, as
// cookieless pings). Nothing leaves the machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callToActionOf, sectionOf } from '../../shared/content/markdown.js';
import siteWide from '../../shared/content/site-wide.shared.md';
import { loadConfig } from '../../server/config.js';
import type { BrowserContext, Page } from 'playwright-core';
import { facts } from '../../shared/content/facts.js';
import { axeViolations } from '../support/axe.js';
import {
  firstContentfulPaint,
  holdClientScript,
  holdStylesheet,
  openPage,
  openSiteInBrowser,
  viewports,
  waitForHydration,
} from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { labels } from '../support/labels.js';

const GTM_ID = 'GTM-T3ST123';
const TAG_URL = `https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`;
const site = openSiteInBrowser({ GTM_ID });

/**
 * The stand-in for the tag: sets Google Analytics' cookie, then every 150 ms
 * reaches its hosts in each of the ways the server's policy allows, in turn: a
 * beacon (connect-src), a pixel (img-src) and a further script, as the tag
 * manager loads Google's tag (script-src). Each is stamped with the page's
 * clock, so a test can tell what left after a moment.
 */
const tagStub = `
document.cookie = '_ga=GA1.1.42.42; Path=/; Max-Age=600';
let sent = 0;
setInterval(() => {
  const at = 'at=' + performance.now();
  const kind = sent++ % 3;
  if (kind === 0) navigator.sendBeacon('https://region1.google-analytics.com/g/collect?v=2&' + at);
  else if (kind === 1) new Image().src = 'https://region1.google-analytics.com/g/collect?v=2&pixel&' + at;
  else document.head.append(Object.assign(document.createElement('script'), { src: 'https://www.googletagmanager.com/gtag/js?id=G-T3ST&' + at }));
}, 150);
`;

/** Answers the tag manager's and analytics' hosts with the stand-in, and lists what was asked of them. */
async function stubTagManager(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route(/^https:\/\/([a-z0-9-]+\.)*(googletagmanager|google-analytics)\.com\//, (route) => {
    const url = route.request().url();
    requested.push(url);
    if (url.includes('/g/collect')) return route.fulfill({ status: 204 });
    const body = url.includes('/gtm.js') ? tagStub : '';
    return route.fulfill({ status: 200, contentType: 'application/javascript', body });
  });
  return requested;
}

/** The tag manager's script among what was requested. */
const tagLoads = (requested: string[]) => requested.filter((url) => url.startsWith('https://www.googletagmanager.com/gtm.js'));

/** The page time each measurement left at. */
const measurements = (requested: string[]) =>
  requested.flatMap((url) => {
    const at = new URL(url).searchParams.get('at');
    return at === null ? [] : [Number(at)];
  });

/** The gtag() calls in dataLayer (`arguments` objects, as gtag pushes them), as arrays. */
const consentCalls = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter((entry): entry is IArguments => Object.prototype.toString.call(entry) === '[object Arguments]')
      .map((entry) => [...entry])
      .filter(([command]) => command === 'consent'),
  );

/**
 * Keeps, on every page, a copy of dataLayer's consent calls as they were when
 * a script element was first pointed at the tag manager: before its request
 * could leave.
 */
async function recordConsentAtTagRequest(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { dataLayer?: unknown[]; consentAtTagRequest?: unknown[][] };
    const record = (url: unknown) => {
      if (!String(url).startsWith('https://www.googletagmanager.com/')) return;
      w.consentAtTagRequest ??= (w.dataLayer ?? [])
        .filter((entry): entry is IArguments => Object.prototype.toString.call(entry) === '[object Arguments]')
        .map((entry) => [...entry])
        .filter(([command]) => command === 'consent');
    };
    const src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, 'src')!;
    Object.defineProperty(HTMLScriptElement.prototype, 'src', {
      ...src,
      set(this: HTMLScriptElement, url: string) {
        record(url);
        src.set!.call(this, url);
      },
    });
    const setAttribute = Object.getOwnPropertyDescriptor(Element.prototype, 'setAttribute')!.value as Element['setAttribute'];
    Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
      if (this instanceof HTMLScriptElement && name.toLowerCase() === 'src') record(value);
      setAttribute.call(this, name, value);
    };
  });
}

const consentAtTagRequest = (page: Page) =>
  page.evaluate(() => (window as unknown as { consentAtTagRequest?: unknown[][] }).consentAtTagRequest);

const allDenied = { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' };
const analyticsGranted = { ...allDenied, analytics_storage: 'granted' };

async function open(
  options: { url?: string; viewport?: { width: number; height: number }; privacyControl?: boolean; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ page: Page; context: BrowserContext; requested: string[]; problems: { list: string[] } }> {
  const { page, context, problems } = await openPage(site.browser, options.url ?? site.server.url, options.viewport, {
    colorScheme: options.colorScheme,
  });
  const requested = await stubTagManager(context);
  await recordConsentAtTagRequest(context);
  if (options.privacyControl) {
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  }
  return { page, context, requested, problems };
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** The bar's words: shared/content/site-wide.shared.md (#consent). */
const consentCopy = sectionOf(siteWide, 'consent');
const policyLink = callToActionOf(consentCopy, loadConfig({}).site).actionLabel;
const bar = (page: Page) => page.getByRole('region', { name: consentCopy.title });

/** After hydration, time for the client to have asked or loaded anything it was going to (the bar's script is a module of its own). */
const settle = (page: Page) => page.waitForTimeout(500);

const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((cookie) => cookie.name);

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent);

/** Accepts on a first page, so that the next page is a returning visitor's who accepted: the tag loads at its start. */
async function returningVisitorWhoAccepted(page: Page, requested: string[], path: string): Promise<void> {
  await visit(page, '/');
  await bar(page).getByRole('button', { name: labels.consent.accept }).click();
  // The first page's request for the tag leaves before the next page is asked for (a navigation would cancel it).
  await expect.poll(() => tagLoads(requested).length).toBe(1);
  await visit(page, path);
  await expect.poll(() => tagLoads(requested).length).toBe(2);
  expect(await bar(page).isVisible()).toBe(false);
}

describe('before the visitor chooses', () => {
  it('requests nothing from the tag manager and sets no cookie, on any page, and asks in a bar', async () => {
    const { page, context, requested, problems } = await open();
    for (const path of ['/', '/about', '/services/shared-hosting']) {
      await visit(page, path);
      await expect.poll(() => bar(page).isVisible()).toBe(true);
    }
    await settle(page);
    expect(requested).toEqual([]);
    expect(await cookieNames(context)).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('is painted with the page, before its module arrives, and an Accept tapped before that still counts', async () => {
    const { page, context, requested, problems } = await open();
    const { release } = await holdClientScript(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => firstContentfulPaint(page)).toBe(true);
    expect(await bar(page).isVisible()).toBe(true);
    const accept = bar(page).getByRole('button', { name: labels.consent.accept });
    const looks = () =>
      accept.evaluate((button) => ({ ring: getComputedStyle(button).boxShadow, cursor: getComputedStyle(button).cursor }));
    const untouched = await looks();
    await accept.click();
    expect(await page.evaluate(() => document.querySelector('[data-upgraded]') !== null)).toBe(false);
    // The tap shows at once, pressed, while its answer waits for the module.
    const held = await looks();
    expect(held.cursor).toBe('progress');
    expect(held.ring).not.toBe(untouched.ring);
    release();
    await waitForHydration(page);
    await expect.poll(() => tagLoads(requested).length).toBe(1);
    await expect.poll(() => bar(page).count()).toBe(0);
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('wires Cookie settings in the footer when its module runs before the footer is parsed', async () => {
    const { page, context, problems } = await open();
    // Chromium parses nothing after the stylesheet's link until the stylesheet has loaded; the bar's module comes after
    // the first paint, which is drawn before that.
    const { release } = await holdStylesheet(page);
    const module = page.waitForResponse((response) => /\/assets\/consent-\w+\.js$/.test(response.url()));
    await page.goto('/', { waitUntil: 'commit' });
    await module;
    await page.waitForTimeout(300);
    release();
    await page.waitForLoadState('load');
    await expect.poll(() => page.locator('footer [data-consent-settings]').first().isVisible()).toBe(true);
    await bar(page).getByRole('button', { name: labels.consent.reject }).click();
    await expect.poll(() => bar(page).isVisible()).toBe(false);
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('does not show to a visitor who chose, not even for a moment', async () => {
    const { page, context } = await open();
    await visit(page, '/');
    await bar(page).getByRole('button', { name: labels.consent.reject }).click();
    await page.goto('/about', { waitUntil: 'commit' });
    // Checked as the document is parsed: the bar is hidden before anything is painted.
    await page.waitForSelector('.consent-bar', { state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.dataset.consent)).toBe('denied');
    expect(await bar(page).isVisible()).toBe(false);
    await context.close();
  });

  it('offers Accept and Reject of equal weight, and links to the Privacy Policy’s analytics section', async () => {
    const { page, context } = await open();
    await visit(page, '/');
    const accept = bar(page).getByRole('button', { name: labels.consent.accept });
    const reject = bar(page).getByRole('button', { name: labels.consent.reject });
    const [a, r] = [(await accept.boundingBox())!, (await reject.boundingBox())!];
    expect(a.width).toBe(r.width);
    expect(a.height).toBe(r.height);
    expect(await accept.getAttribute('class')).toBe(await reject.getAttribute('class'));
    const styles = (locator: typeof accept) =>
      locator.evaluate((el) => ['backgroundColor', 'color', 'fontSize', 'fontWeight'].map((p) => getComputedStyle(el)[p as 'color']));
    expect(await styles(accept)).toEqual(await styles(reject));
    // A first visit offers no way out but a choice: closing would only ask again on the next page.
    expect(await bar(page).getByRole('button', { name: labels.consent.close }).isVisible()).toBe(false);
    const link = bar(page).getByRole('link', { name: policyLink });
    expect(await link.getAttribute('href')).toBe('/privacy#cookies-and-analytics');
    await link.click();
    await page.waitForURL('**/privacy#cookies-and-analytics');
    expect(await page.locator('#cookies-and-analytics').isVisible()).toBe(true);
    expect(await page.locator('#cookies-and-analytics + p').textContent()).toContain(
      facts.analyticsPolicy(loadConfig({ GTM_ID, ANALYTICS_CONSENT: 'required' }).site),
    );
    await context.close();
  });

  it('is not modal: the page stays usable, focus is not moved or trapped, and its choices come right after the skip link', async () => {
    const { page, context } = await open();
    await visit(page, '/');
    await bar(page).waitFor();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    // From the page's start: the skip link, Accept, Reject, the bar's link, then the header.
    const stops: (string | null | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      stops.push(await focusedText(page));
    }
    expect(stops).toEqual([labels.page.skipLink, labels.consent.accept, labels.consent.reject, policyLink]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('header')!.contains(document.activeElement))).toBe(true);
    // The page under it still works: the header's search opens.
    await page.getByRole('button', { name: labels.header.search }).click();
    await expect.poll(() => page.getByRole('dialog').first().isVisible()).toBe(true);
    await context.close();
  });

  it('hands focus on to the page after a choice made from the keyboard', async () => {
    const { page, context } = await open();
    await visit(page, '/');
    await bar(page).waitFor();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe(labels.consent.reject);
    await page.keyboard.press('Enter');
    expect(await bar(page).isVisible()).toBe(false);
    // Back where focus was before the bar took it (the skip link, on screen at the page's top): the next Tab goes on into the header.
    expect(await focusedText(page)).toBe(labels.page.skipLink);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('header')!.contains(document.activeElement))).toBe(true);
    await context.close();
  });

  /** Four pages and four axe runs: 12-16 s alone, more beside other browser tests. */
  const axeTimeout = 90_000;
  it(
    'has no accessibility violations with the bar shown, in the light and the dark theme',
    async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const viewport of [viewports.phone, viewports.desktop]) {
          const { page, context } = await open({ viewport, colorScheme });
          await visit(page, '/');
          await bar(page).waitFor();
          expect(await axeViolations(page)).toEqual([]);
          await context.close();
        }
      }
    },
    axeTimeout,
  );

  it('is not drawn until it is whole, so a document still arriving never shows it growing', async () => {
    const { page, context } = await open({ viewport: { width: 320, height: 568 } });
    const whole = await (await fetch(`${site.server.url}/`)).text();
    // The page as a browser holds it while the rest is still on its way: cut before the bar's last control.
    const cut = whole.slice(0, whole.indexOf('<button type="button" class="consent-close'));
    expect(cut.length).toBeGreaterThan(1_000);
    expect(cut).toContain('data-consent-choice="denied"');
    await page.route('**/cut', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: cut }));
    await page.goto('/cut', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.dataset.consentBar)).toBe('open');
    expect(await page.locator('.consent-bar').isVisible()).toBe(false);
    await context.close();
  });

  it('shifts no layout, and leaves room below the page so nothing stays covered', async () => {
    const { page, context } = await open({ viewport: { width: 320, height: 568 } });
    await context.addInitScript(() => {
      const shifts: string[] = ((window as unknown as { shifts: string[] }).shifts = []);
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          const nodes = entry.sources.map((source) => (source.node as Element | undefined)?.outerHTML?.slice(0, 60));
          if (!entry.hadRecentInput) shifts.push(`${entry.value} at ${Math.round(entry.startTime)} ms: ${nodes.join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await visit(page, '/');
    await bar(page).waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
    const box = (await bar(page).boundingBox())!;
    expect(box.y + box.height).toBe(568);
    // The room is the bar's height, not the most it may take (what the page keeps until the bar's first layout).
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).paddingBottom)).toBe(`${Math.ceil(box.height)}px`);
    // Not more than a quarter of a small phone's screen.
    expect(box.height).toBeLessThanOrEqual(568 / 4);
    // The hero's main action, scrolled to the middle of the screen, is not under the bar.
    const action = page.locator('main a.button').first();
    await action.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    expect(
      await action.evaluate((el) => {
        const { x, y, width, height } = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(x + width / 2, y + height / 2));
      }),
    ).toBe(true);
    // Scrolled to the end, the footer's last line sits above the bar.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const footerEnd = await page.locator('.footer-bottom').boundingBox();
    expect(footerEnd!.y + footerEnd!.height).toBeLessThanOrEqual(box.y + 1);
    await context.close();
  });

  it('stays readable at 200% zoom: nothing cut off, no sideways scroll', async () => {
    // 200% zoom at 1280 px is a 640 px wide viewport.
    const { page, context } = await open({ viewport: { width: 640, height: 450 } });
    await visit(page, '/');
    await bar(page).waitFor();
    const fits = await page.evaluate(() => {
      const region = document.querySelector<HTMLElement>('.consent-bar')!;
      return {
        // Either all of it shows, or it scrolls within itself.
        whole: region.scrollHeight <= region.clientHeight || getComputedStyle(region).overflowY === 'auto',
        sideways: document.documentElement.scrollWidth > window.innerWidth,
        height: region.getBoundingClientRect().height,
      };
    });
    expect(fits.whole).toBe(true);
    expect(fits.sideways).toBe(false);
    expect(fits.height).toBeLessThanOrEqual(225);
    await context.close();
  });
});

describe(labels.consent.accept, () => {
  it('loads the tag manager once, after a Consent Mode default of everything denied, then grants analytics alone', async () => {
    const { page, context, requested, problems } = await open();
    await visit(page, '/');
    await bar(page).getByRole('button', { name: labels.consent.accept }).click();
    await expect.poll(() => tagLoads(requested)).toEqual([TAG_URL]);
    expect(await bar(page).count()).toBe(0);
    // As they stood when the tag manager's script was asked for, and as they stand now.
    const expected = [
      ['consent', 'default', allDenied],
      ['consent', 'update', analyticsGranted],
    ];
    expect(await consentAtTagRequest(page)).toEqual(expected);
    expect(await consentCalls(page)).toEqual(expected);
    // On the next page, a returning visitor's: the same, before the tag manager's request.
    await visit(page, '/about');
    await expect.poll(() => tagLoads(requested).length).toBe(2);
    expect(await consentAtTagRequest(page)).toEqual(expected);
    await settle(page);
    expect(tagLoads(requested).length).toBe(2);
    expect(await bar(page).count()).toBe(0);
    expect(problems.list).toEqual([]);
    await context.close();
  });
});

describe(labels.consent.reject, () => {
  it('loads nothing, on this page or any after, and does not ask again', async () => {
    const { page, context, requested } = await open();
    await visit(page, '/');
    await bar(page).getByRole('button', { name: labels.consent.reject }).click();
    expect(await bar(page).count()).toBe(0);
    for (const path of ['/about', '/contact', '/']) {
      await visit(page, path);
      await settle(page);
      expect(await bar(page).count()).toBe(0);
    }
    expect(requested).toEqual([]);
    expect(await cookieNames(context)).toEqual([]);
    await context.close();
  });
});

describe('Global Privacy Control', () => {
  it('counts as Reject: no bar, no request, no Cookie settings', async () => {
    const { page, context, requested } = await open({ privacyControl: true });
    for (const path of ['/', '/about']) {
      await visit(page, path);
      await settle(page);
      expect(await bar(page).count()).toBe(0);
    }
    expect(await page.getByRole('button', { name: labels.consent.settings }).isVisible()).toBe(false);
    expect(requested).toEqual([]);
    await context.close();
  });
});

/**
 * When the page handled the last click, by its clock (the one the stand-in
 * stamps measurements with). Read as the click is dispatched, in the same task
 * as the bar's own handler, so nothing of the page runs in between; not the
 * event's timeStamp, which is when the input arrived: on a busy machine the
 * stand-in may still measure before the click is handled.
 */
async function trackClicks(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() =>
    addEventListener('click', () => ((window as unknown as { lastClickAt: number }).lastClickAt = performance.now()), true),
  );
  return () => page.evaluate(() => (window as unknown as { lastClickAt: number }).lastClickAt);
}

describe('Cookie settings in the footer', () => {
  it('reopens the bar with the current choice; Reject after Accept tells the tag, deletes its cookies and gives focus back', async () => {
    const { page, context, requested } = await open();
    await visit(page, '/');
    await bar(page).getByRole('button', { name: labels.consent.accept }).click();
    await expect.poll(() => tagLoads(requested).length).toBe(1);
    await expect.poll(() => cookieNames(context)).toEqual(['_ga']);

    const settings = page.getByRole('button', { name: labels.consent.settings });
    await settings.click();
    await bar(page).waitFor();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('consent-bar'))).toBe(true);
    expect(await bar(page).textContent()).toContain(labels.consent.granted);
    for (let i = 0; i < 2; i++) await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe(labels.consent.reject);
    await page.keyboard.press('Enter');
    expect(await bar(page).isVisible()).toBe(false);
    // Focus goes back to where the visitor came from.
    expect(await focusedText(page)).toBe(labels.consent.settings);
    expect(await cookieNames(context)).toEqual([]);
    expect(await consentCalls(page)).toEqual([
      ['consent', 'default', allDenied],
      ['consent', 'update', analyticsGranted],
      ['consent', 'update', allDenied],
    ]);

    await visit(page, '/about');
    await settle(page);
    expect(tagLoads(requested).length).toBe(1);
    expect(await bar(page).count()).toBe(0);
    await context.close();
  });

  it('withdraws as effectively as it consented: a returning visitor’s Reject stops every request to the tag’s hosts at once', async () => {
    const { page, context, requested, problems } = await open();
    await returningVisitorWhoAccepted(page, requested, '/about');
    // Stamps are this page's clock: the measurements the first page sent (by its own clock) are left out.
    const fromThisPage = requested.length;
    const thisPage = () => requested.slice(fromThisPage);
    // The tag is running: it measures.
    await expect.poll(() => measurements(thisPage()).length).toBeGreaterThan(2);
    const lastClickAt = await trackClicks(page);
    await page.getByRole('button', { name: labels.consent.settings }).click();
    await bar(page).getByRole('button', { name: labels.consent.reject }).click();
    const rejectedAt = await lastClickAt();
    const requestsAtReject = tagLoads(requested).length;
    // Long enough for the stand-in to try several times.
    await page.waitForTimeout(1_000);
    expect(measurements(thisPage()).filter((at) => at > rejectedAt)).toEqual([]);
    expect(tagLoads(requested).length).toBe(requestsAtReject);
    expect((await consentCalls(page)).at(-1)).toEqual(['consent', 'update', allDenied]);
    expect(await cookieNames(context)).toEqual([]);
    // What the page reports is the browser refusing the tag's attempts, nothing else.
    const refusal =
      /^console: (Connecting to|Loading the image|Loading the script) 'https:\/\/(region1\.google-analytics|www\.googletagmanager)\.com\/[^']*' violates the following Content Security Policy directive/;
    expect(problems.list.filter((problem) => !refusal.test(problem))).toEqual([]);
    // Nor from any page after.
    const before = requested.length;
    for (const path of ['/services', '/contact']) {
      await visit(page, path);
      await settle(page);
    }
    expect(requested.slice(before)).toEqual([]);
    await context.close();
  });

  it('reopened, closes with Escape or its close button and keeps the choice', async () => {
    const { page, context, requested } = await open();
    await returningVisitorWhoAccepted(page, requested, '/about');
    const settings = page.getByRole('button', { name: labels.consent.settings });
    const close = bar(page).getByRole('button', { name: labels.consent.close });

    await settings.click();
    await bar(page).waitFor();
    expect(await close.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await bar(page).isVisible()).toBe(false);
    expect(await focusedText(page)).toBe(labels.consent.settings);
    // Closed from the keyboard, the control that has focus shows it, though the mouse opened the bar.
    expect(
      await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      }),
    ).toBe(true);

    // From the keyboard too, with focus on one of its buttons.
    await settings.press('Enter');
    await bar(page).waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe(labels.consent.accept);
    await page.keyboard.press('Escape');
    expect(await bar(page).isVisible()).toBe(false);
    expect(await focusedText(page)).toBe(labels.consent.settings);

    await settings.click();
    await close.click();
    expect(await bar(page).isVisible()).toBe(false);

    // The choice stands: nothing told to the tag, the same choice on the next page.
    expect(await consentCalls(page)).toEqual([
      ['consent', 'default', allDenied],
      ['consent', 'update', analyticsGranted],
    ]);
    await visit(page, '/contact');
    await expect.poll(() => tagLoads(requested).length).toBe(3);
    expect(await bar(page).isVisible()).toBe(false);
    await context.close();
  });
});

describe('other configurations', () => {
  let notRequired: RunningServer;
  let none: RunningServer;
  beforeAll(async () => {
    [notRequired, none] = await Promise.all([startServer({ GTM_ID, ANALYTICS_CONSENT: 'not-required' }), startServer()]);
  });
  afterAll(async () => {
    await Promise.all([notRequired?.stop(), none?.stop()]);
  });

  it('ANALYTICS_CONSENT=not-required loads the tag manager without a bar, and Cookie settings can still refuse it, at once', async () => {
    const { page, context, requested } = await open({ url: notRequired.url });
    await visit(page, '/');
    await expect.poll(() => tagLoads(requested).length).toBe(1);
    expect(await consentAtTagRequest(page)).toEqual([
      ['consent', 'default', allDenied],
      ['consent', 'update', analyticsGranted],
    ]);
    await settle(page);
    expect(await bar(page).count()).toBe(0);
    const lastClickAt = await trackClicks(page);
    await page.getByRole('button', { name: labels.consent.settings }).click();
    await bar(page).getByRole('button', { name: labels.consent.reject }).click();
    const rejectedAt = await lastClickAt();
    await page.waitForTimeout(600);
    expect(measurements(requested).filter((at) => at > rejectedAt)).toEqual([]);
    const before = requested.length;
    await visit(page, '/about');
    await settle(page);
    expect(requested.slice(before)).toEqual([]);
    await context.close();
  });

  it('without GTM_ID there is no bar, no Cookie settings and no request, not even for the site’s own analytics module', async () => {
    const { page, context, requested } = await open({ url: none.url });
    await visit(page, '/');
    await settle(page);
    expect(await bar(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: labels.consent.settings }).count()).toBe(0);
    expect(requested).toEqual([]);
    expect(
      await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/consent-\w+\.js$/.test(entry.name))),
    ).toBe(false);
    await context.close();
  });
});

describe('when the script that takes the choice cannot run', () => {
  // The bar is shown by the inline script before the first paint; its buttons
  // need its module and the chunk that module imports. Without them it could
  // take no choice (and nothing is tracked without one), so it must not stay
  // over the bottom of every page.
  it.each([
    ['its module', /\/assets\/consent-\w+\.js$/],
    ['a chunk its module imports', /\/assets\/chunk-\w+\.js$/],
  ])('is put away when %s fails to load, and the page ends where its content does', async (_name, script) => {
    const { page, context, requested } = await open({ viewport: { width: 375, height: 740 } });
    await page.route(script, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.consentBar ?? 'closed')).toBe('closed');
    expect(await bar(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).paddingBottom)).toBe('0px');
    expect(tagLoads(requested)).toEqual([]);
    await context.close();
  });
});
