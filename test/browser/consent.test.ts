// Analytics that ask first (ANALYTICS_CONSENT=required, the default, with
// GTM_ID set), as a visitor meets them in Chromium: nothing requested and no
// cookie before Accept; Accept loads the tag manager once per page with
// Consent Mode signals for analytics only; Reject loads nothing, on every page
// after; Global Privacy Control is a Reject with no bar; the footer's "Cookie
// settings" reopens the bar. The tag manager's host is answered here by a stub
// that sets a cookie as Google Analytics would: nothing leaves the machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from '../support/axe.js';
import { firstContentfulPaint, holdClientScript, openPage, openSiteInBrowser, viewports, waitForHydration } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';

const GTM_ID = 'GTM-T3ST123';
const site = openSiteInBrowser({ GTM_ID });

/** Answers the tag manager's host with a stub, and counts what was asked of it. */
async function stubTagManager(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route(/^https:\/\/([a-z0-9-]+\.)*(googletagmanager|google-analytics)\.com\//, (route) => {
    requested.push(route.request().url());
    return route.fulfill({
      status: 200,
      contentType: 'application/javascript',
      body: "document.cookie = '_ga=GA1.1.42.42; Path=/; Max-Age=600'; window.stubLoads = (window.stubLoads || 0) + 1;",
    });
  });
  return requested;
}

async function open(
  options: { url?: string; viewport?: { width: number; height: number }; privacyControl?: boolean; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ page: Page; context: BrowserContext; requested: string[]; problems: { list: string[] } }> {
  const { page, context, problems } = await openPage(site.browser, options.url ?? site.server.url, options.viewport, {
    colorScheme: options.colorScheme,
  });
  const requested = await stubTagManager(context);
  if (options.privacyControl) {
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  }
  return { page, context, requested, problems };
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

const bar = (page: Page) => page.getByRole('region', { name: 'Analytics cookies' });

/** After hydration, time for the client to have asked or loaded anything it was going to (the bar's script is a module of its own). */
const settle = (page: Page) => page.waitForTimeout(500);

const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((cookie) => cookie.name);

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

  it('is painted with the page, before the client script arrives, and an Accept tapped before hydration still counts', async () => {
    const { page, context, requested, problems } = await open();
    const { release } = await holdClientScript(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => firstContentfulPaint(page)).toBe(true);
    expect(await bar(page).isVisible()).toBe(true);
    await bar(page).getByRole('button', { name: 'Accept' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(false);
    release();
    await waitForHydration(page);
    await expect.poll(() => requested.length).toBe(1);
    await expect.poll(() => bar(page).count()).toBe(0);
    expect(problems.list).toEqual([]);
    await context.close();
  });

  it('does not show to a visitor who chose, not even for a moment', async () => {
    const { page, context } = await open();
    await visit(page, '/');
    await bar(page).getByRole('button', { name: 'Reject' }).click();
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
    const accept = bar(page).getByRole('button', { name: 'Accept' });
    const reject = bar(page).getByRole('button', { name: 'Reject' });
    const [a, r] = [(await accept.boundingBox())!, (await reject.boundingBox())!];
    expect(a.width).toBe(r.width);
    expect(a.height).toBe(r.height);
    expect(await accept.getAttribute('class')).toBe(await reject.getAttribute('class'));
    const styles = (locator: typeof accept) =>
      locator.evaluate((el) => ['backgroundColor', 'color', 'fontSize', 'fontWeight'].map((p) => getComputedStyle(el)[p as 'color']));
    expect(await styles(accept)).toEqual(await styles(reject));
    const link = bar(page).getByRole('link', { name: 'How we use analytics' });
    expect(await link.getAttribute('href')).toBe('/privacy#cookies-and-analytics');
    await link.click();
    await page.waitForURL('**/privacy#cookies-and-analytics');
    expect(await page.locator('#cookies-and-analytics').isVisible()).toBe(true);
    expect(await page.locator('#cookies-and-analytics + p').textContent()).toContain(
      'nothing is loaded or stored before you choose Accept',
    );
    await context.close();
  });

  it('is not modal: the page stays usable, focus is not moved or trapped, and it comes after the page’s content', async () => {
    const { page, context } = await open();
    await visit(page, '/');
    await bar(page).waitFor();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    // Last in the document: after the footer.
    expect(
      await page.evaluate(() => {
        const footer = document.querySelector('footer')!;
        const region = document.querySelector('.consent-bar')!;
        return Boolean(footer.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).toBe(true);
    // From the footer's Cookie settings, Tab reaches the bar's link, Accept, then Reject, then leaves the bar.
    await page.getByRole('button', { name: 'Cookie settings' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('How we use analytics');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accept');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reject');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('.consent-bar')!.contains(document.activeElement))).toBe(false);
    // The page under it still works: the header's search opens.
    await page.getByRole('button', { name: 'Search the site' }).click();
    await expect.poll(() => page.getByRole('dialog').first().isVisible()).toBe(true);
    await context.close();
  });

  it('has no accessibility violations with the bar shown, in the light and the dark theme', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const viewport of [viewports.phone, viewports.desktop]) {
        const { page, context } = await open({ viewport, colorScheme });
        await visit(page, '/');
        await bar(page).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await context.close();
      }
    }
  });

  it('is not drawn until it is whole, so a document still arriving never shows it growing', async () => {
    const { page, context } = await open({ viewport: { width: 320, height: 568 } });
    const whole = await (await fetch(`${site.server.url}/`)).text();
    // The page as a browser holds it while the rest is still on its way: cut before the bar's last button.
    const cut = whole.slice(0, whole.indexOf('<button type="button" class="button button-small" data-consent-choice="denied"'));
    expect(cut.length).toBeGreaterThan(1_000);
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
    // Not more than a third of a small phone's screen, and not over the hero's actions.
    expect(box.height).toBeLessThanOrEqual(568 / 3);
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

describe('Accept', () => {
  it('loads the tag manager once, with analytics granted and advertising denied, on this page and the next', async () => {
    const { page, context, requested, problems } = await open();
    await visit(page, '/');
    await bar(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => requested.length).toBe(1);
    expect(requested[0]).toBe(`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`);
    expect(await bar(page).count()).toBe(0);
    const consent = await page.evaluate(() =>
      ((window as unknown as { dataLayer: IArguments[] }).dataLayer as unknown as unknown[])
        .filter((entry): entry is IArguments => Object.prototype.toString.call(entry) === '[object Arguments]')
        .map((entry) => [...entry]),
    );
    expect(consent).toEqual([
      ['consent', 'default', { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }],
    ]);
    await visit(page, '/about');
    await expect.poll(() => requested.length).toBe(2);
    await settle(page);
    expect(requested.length).toBe(2);
    expect(await bar(page).count()).toBe(0);
    expect(problems.list).toEqual([]);
    await context.close();
  });
});

describe('Reject', () => {
  it('loads nothing, on this page or any after, and does not ask again', async () => {
    const { page, context, requested } = await open();
    await visit(page, '/');
    await bar(page).getByRole('button', { name: 'Reject' }).click();
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
    expect(await page.getByRole('button', { name: 'Cookie settings' }).isVisible()).toBe(false);
    expect(requested).toEqual([]);
    await context.close();
  });
});

describe('Cookie settings in the footer', () => {
  it('reopens the bar with the current choice; Reject after Accept stops analytics and deletes their cookies', async () => {
    const { page, context, requested } = await open();
    await visit(page, '/');
    await bar(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => requested.length).toBe(1);
    await expect.poll(() => cookieNames(context)).toEqual(['_ga']);

    const settings = page.getByRole('button', { name: 'Cookie settings' });
    await settings.click();
    await bar(page).waitFor();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('consent-bar'))).toBe(true);
    expect(await bar(page).textContent()).toContain('Your current choice: analytics accepted.');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reject');
    await page.keyboard.press('Enter');
    expect(await bar(page).count()).toBe(0);
    // Focus goes back to where the visitor came from.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cookie settings');
    expect(await cookieNames(context)).toEqual([]);
    const updates = await page.evaluate(() =>
      (window as unknown as { dataLayer: unknown[] }).dataLayer
        .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
        .map((entry) => [...(entry as IArguments)])
        .filter(([command, kind]) => command === 'consent' && kind === 'update'),
    );
    expect(updates).toEqual([['consent', 'update', { analytics_storage: 'denied' }]]);

    await visit(page, '/about');
    await settle(page);
    expect(requested.length).toBe(1);
    expect(await bar(page).count()).toBe(0);
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

  it('ANALYTICS_CONSENT=not-required loads the tag manager without a bar, and Cookie settings can still refuse it', async () => {
    const { page, context, requested } = await open({ url: notRequired.url });
    await visit(page, '/');
    await expect.poll(() => requested.length).toBe(1);
    await settle(page);
    expect(await bar(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await bar(page).getByRole('button', { name: 'Reject' }).click();
    await visit(page, '/about');
    await settle(page);
    expect(requested.length).toBe(1);
    await context.close();
  });

  it('without GTM_ID there is no bar, no Cookie settings and no request, not even for the bar’s own script', async () => {
    const { page, context, requested } = await open({ url: none.url });
    await visit(page, '/');
    await settle(page);
    expect(await bar(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cookie settings' }).count()).toBe(0);
    expect(requested).toEqual([]);
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('consent-bar')))).toBe(
      false,
    );
    await context.close();
  });
});
