// How visitors arrive, in each engine (issue 35): the client starts however a
// page is entered, and a consent choice leaves the visitor where they were.
// Run once per engine by chromium-entry.test.ts, firefox-entry.test.ts and
// webkit-entry.test.ts, against the site with GTM_ID set (the consent bar's
// module is then part of every start-up).
//
// - Before a visitor acts: every route, loaded, scrolled to its footer with
//   the page's end, then left idle for IDLE_MS, has run at most its budget of
//   JavaScript (scripts/budgets.ts): its inline scripts and the modules it
//   fetched, gzip, the illustrations' player aside; with analytics and the
//   consent bar asking, the bar's module too; no React in either.
// - The start-up bound: a page that opens scrolled (a fragment link) requests
//   the consent bar's module within ENTRY_BOUND_MS of the end of its parse,
//   whatever paint entries the engine records (shared/bootstrap.ts, START_LIMIT_MS).
// - The entry-mode matrix: on every route of the route table, at 375 and
//   1280 px, after a fresh load, a fragment link to a section lower on the
//   page, a reload scrolled to the footer, Back then Forward to the page, and
//   a load whose modules arrive late (SLOW_ENTRY_MS), the page's islands upgrade when
//   reached for (read from the page, as test/support/client-ready.ts does); the
//   old hosting address aside, the same bytes as its page (test/support/pages.ts).
//   One page (a browser context or session) per route and width; every mode
//   starts with a navigation of its own.
// - What a visitor then does: the consent bar's Accept and Reject answer, the
//   search panel lists results for a query, and Escape closes it. In every
//   engine, width and mode, on one route of each kind (INTERACTIVE_ROUTES);
//   every other route's tests stop once its islands are ready to upgrade.
// - A consent choice made scrolled down the page keeps the scroll position
//   (±2 px) and leaves focus at the visitor's place, not above the viewport.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgets, fileGzipBytes, gzipBytes } from '../../scripts/budgets.js';
import { readManifest } from '../../server/manifest.js';
import { islandNames } from '../../shared/island.js';
import { distDir } from '../support/app.js';
import type { RouteId } from '../../shared/routes.js';
import { browserPages } from '../support/pages.js';
import { HOLD_LIMIT_MS, SETTLE_LIMIT_MS, START_LIMIT_MS } from '../../shared/bootstrap.js';
import { CONSENT_STORAGE_KEY } from '../../shared/consent-script.js';
import { contactFields } from '../../shared/content/forms.js';
import {
  browserFailed,
  consentCalls,
  expectFocusClear,
  focusClearance,
  openSiteInEngine,
  whenSettled,
  waitForHydration,
  withPage,
  withPagesSideBySide,
  type EngineName,
  type EnginePage,
} from '../support/engines.js';
import { startSlowProxy, type SlowProxy } from '../support/slow-proxy.js';
import { labels } from '../support/labels.js';

const widths = [
  { width: 375, height: 740 },
  { width: 1280, height: 900 },
];

/**
 * How long after the end of the document's parse (domInteractive: the
 * start-up script is the last thing in <body>) the entry's request may start:
 * START_LIMIT_MS after the first frame, plus a second for that frame and the
 * timer to run on two busy cores. A start-up that waits for a paint entry the
 * engine never records misses it by any margin.
 */
const ENTRY_BOUND_MS = START_LIMIT_MS + 1000;

/**
 * How late the island modules arrive in the slow mode: after every timer the start-up script sets (a held tap's
 * limit, the `load` islands' wait) has run out, so the client starts with nothing left to wait for.
 */
const SLOW_ENTRY_MS = Math.max(HOLD_LIMIT_MS, SETTLE_LIMIT_MS) + 500;

/** How long a page is left alone, scrolled to its footer, before what it ran is counted. */
const IDLE_MS = 10_000;

/** The consent bar's module, which a page with analytics loads after its first paint. */
const consentModule = /\/assets\/consent-\w+\.js$/;

/** Every island module and chunk the build makes. */
const islandModule = /^\/assets\/[\w-]+-\w+\.js$/;

/**
 * A section well down each page, as the site's own links and search results point to them; a page not named here
 * (a new one) is entered at its footer, which every page has.
 */
const lowerSections: Partial<Record<RouteId, string>> = {
  home: 'testimonials',
  about: 'excellence',
  'shared-hosting': 'faq',
  'custom-development': 'project-process',
  maintenance: 'maintenance-steps',
  services: 'cta-title',
  contact: 'topic-migration',
  privacy: 'cookies-and-analytics',
  terms: 'refunds',
  aup: 'reporting-abuse',
};
const lowerSection = (id: RouteId) => lowerSections[id] ?? 'site-footer';

/**
 * The routes on which each entry mode goes on to what a visitor then does: one of each kind of page (home, a selling
 * page, the contact forms, a long legal page, the not-found page). What the checks drive (the header, the footer, the
 * consent bar) is the same markup on every page, and each drive loads and hydrates React, which is most of a test's cost.
 */
const INTERACTIVE_ROUTES = new Set<RouteId>(['home', 'shared-hosting', 'contact', 'terms', 'not-found']);

const pages = browserPages;

/** A page load, a reload and history steps with every check: room on two busy cores, but a bound. */
const timeout = 90_000;

const bar = '.consent-bar';

export function entryScenarios(engine: EngineName): void {
  const site = openSiteInEngine(engine);
  let slow: SlowProxy | undefined;
  beforeAll(async () => {
    slow = await startSlowProxy(site.consent.url, islandModule, SLOW_ENTRY_MS);
  });
  afterAll(() => slow?.stop());

  /** Reloads by a script in the page, once the script has returned, as the browser's own button does. */
  const reload = (page: EnginePage) =>
    page.evaluate(() => {
      (window as unknown as { leaving?: boolean }).leaving = true;
      setTimeout(() => location.reload(), 0);
    });

  /** Marks the document, so that a page restored from the back/forward cache can be told from one loaded again. */
  const mark = (page: EnginePage) => page.evaluate(() => void ((window as unknown as { leaving?: boolean }).leaving = true));

  /** Resolves once a document other than the one a navigation left is in the page at `path`, parsed. */
  const arrivedAt = (page: EnginePage, path: string, { restored = false } = {}) =>
    page.waitFor(
      (where, fromCache) => location.pathname === where && document.readyState !== 'loading' && (fromCache || !('leaving' in window)),
      path,
      restored,
    );

  /** The page opens scrolled down, as the engine placed it. */
  const openedScrolled = (page: EnginePage) => page.waitFor(() => scrollY > 0);

  const barShown = (page: EnginePage) => page.waitFor((selector) => document.querySelector(selector)?.getClientRects().length, bar);
  const barGone = (page: EnginePage) => page.waitFor((selector) => !document.querySelector(selector)?.getClientRects().length, bar);

  /**
   * /terms with the bar open, scrolled to its end with the room the open bar keeps below the page in view. Scrolled
   * again at each look: the page may still grow (the bar's room) after the first scroll.
   */
  async function atTheEndOfTerms(page: EnginePage): Promise<void> {
    await page.goto('/terms');
    await waitForHydration(page);
    await barShown(page);
    await page.waitFor(() => {
      scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
      return Math.abs(scrollY + innerHeight - document.documentElement.scrollHeight) < 2;
    });
  }

  /** Accept, Reject (from Cookie settings), a query in the search panel and Escape, as a visitor does them once the page has started. */
  async function interact(page: EnginePage): Promise<void> {
    try {
      await barShown(page);
      await page.click({ role: 'button', name: labels.consent.accept, within: bar });
      await barGone(page);
      expect((await consentCalls(page)).at(-1)).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted' })]);
      await page.click({ role: 'button', name: labels.consent.settings });
      await barShown(page);
      await page.click({ role: 'button', name: labels.consent.reject, within: bar });
      await barGone(page);
      expect((await consentCalls(page)).at(-1)).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'denied' })]);

      await page.click({ role: 'button', name: labels.header.search });
      await page.waitFor(() => document.activeElement?.id === 'site-search');
      await page.type('backup');
      await page.waitFor(() => document.querySelectorAll('#search-modal [role="option"]').length > 0);
      await page.press('Escape');
      await page.waitFor(() => !document.querySelector('#search-modal')?.hasAttribute('open'));
    } finally {
      // The next mode meets the bar again, as a first visit does.
      await page.evaluate((key) => localStorage.removeItem(key), CONSENT_STORAGE_KEY).catch(() => {});
    }
  }

  describe(`${engine}: the start-up bound`, () => {
    it.each(widths)(
      'at $width px, a page that opens scrolled (/terms#refunds) requests the consent bar module within the bound',
      async (viewport) => {
        // With analytics: the consent bar is what a page upgrades after its first paint (the defaults upgrade nothing unasked).
        await withPage(site.engine, site.consent.url, viewport, async (page) => {
          await page.goto('/terms#refunds');
          await openedScrolled(page);
          const bound = ENTRY_BOUND_MS;
          // Until the module is requested, or the bound has passed by half a second (the page's own clock).
          await page.waitFor(
            (limit, module) => {
              const parsed = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
              const requested = performance.getEntriesByType('resource').some((entry) => new RegExp(module).test(entry.name));
              return requested || (parsed && parsed.domInteractive > 0 && performance.now() > parsed.domInteractive + limit + 500);
            },
            bound,
            consentModule.source,
          );
          const seen = await page.evaluate((module) => {
            const parsed = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
            const entry = performance.getEntriesByType('resource').find((resource) => new RegExp(module).test(resource.name));
            return {
              scrollY,
              domInteractive: Math.round(parsed.domInteractive),
              entryStart: entry ? Math.round(entry.startTime) : null,
              paint: performance.getEntriesByType('paint').map((paint) => `${paint.name} ${Math.round(paint.startTime)}`),
            };
          }, consentModule.source);
          console.log(`${engine} ${viewport.width} px start-up:`, JSON.stringify(seen));
          expect(seen.scrollY).toBeGreaterThan(0);
          expect(seen.entryStart, 'the consent bar module was never requested').not.toBeNull();
          expect(seen.entryStart! - seen.domInteractive).toBeLessThanOrEqual(bound);
          await waitForHydration(page);
        });
      },
      timeout,
    );
  });

  describe(`${engine}: before a visitor acts`, () => {
    /** What a page ran: its inline scripts' text and the paths of the scripts it fetched (the illustrations' player aside). */
    const ran = (page: EnginePage) =>
      page.evaluate(() => ({
        inline: [...document.querySelectorAll('script:not([type]), script[type="module"]')]
          .filter((script) => !script.hasAttribute('src'))
          .map((script) => script.textContent ?? ''),
        fetched: performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter(
            (url) =>
              url.origin === location.origin && url.pathname.endsWith('.js') && !url.pathname.startsWith('/assets/lazy/lottie-player-'),
          )
          .map((url) => url.pathname),
      }));
    const publicDir = join(distDir, 'public');
    const { islands } = readManifest(distDir);
    /** The React islands' modules and React itself: whatever the plain DOM islands (consent, illustrations) do not load. */
    const reactModules = new Set(
      islandNames.flatMap((name) => islands[name]).filter((url) => !islands.consent.includes(url) && !islands.animation.includes(url)),
    );

    it.each([
      { config: 'defaults', budget: budgets.beforeActingGzip },
      { config: 'analytics, the consent bar asking', budget: budgets.beforeActingWithConsentGzip },
    ])(
      `every route, scrolled to its footer and left idle, has run at most its budget of JavaScript: $config`,
      async ({ config, budget }) => {
        const base = config === 'defaults' ? site.server.url : site.consent.url;
        const sizes: Record<string, number> = {};
        // All side by side: each page's idle time is the same wait, and an idle page costs nothing.
        await withPagesSideBySide(site.engine, base, widths[0]!, pages.length, async (opened) => {
          await Promise.all(
            opened.map(async (page, index) => {
              await page.goto(pages[index]!.path);
              // To the footer as End or the wheel takes a reader there, neither of which is reaching for an island.
              await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
              await page.waitFor(() => scrollY > 0 || document.documentElement.scrollHeight <= innerHeight);
            }),
          );
          // Every page has been at its footer at least this long.
          await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
          for (const [index, page] of opened.entries()) {
            const { path } = pages[index]!;
            const { inline, fetched } = await ran(page);
            expect(
              fetched.filter((url) => reactModules.has(url)),
              path,
            ).toEqual([]);
            if (config !== 'defaults')
              expect(
                fetched.some((url) => consentModule.test(url)),
                path,
              ).toBe(true);
            sizes[path] =
              inline.reduce((sum, text) => sum + gzipBytes(text), 0) +
              [...new Set(fetched)].reduce((sum, url) => sum + fileGzipBytes(publicDir, url), 0);
          }
        });
        console.log(`${engine} JavaScript before acting (gzip), ${config}: ${JSON.stringify(sizes)}`);
        for (const [path, bytes] of Object.entries(sizes)) expect(bytes, path).toBeLessThanOrEqual(budget);
      },
      IDLE_MS + 120_000,
    );
  });

  describe(`${engine}: every way into every page starts the client`, () => {
    // Whether the engine kept the pages in its back/forward cache: told, not required (an engine may evict).
    let restoredFromCache = 0;
    afterAll(() =>
      console.log(`${engine}: Forward restored ${restoredFromCache} of ${pages.length * widths.length} pages from the back/forward cache`),
    );
    for (const { id, path } of pages) {
      const other = path === '/' ? '/about' : '/';
      for (const viewport of widths) {
        describe(`${path} at ${viewport.width} px`, () => {
          let page: EnginePage;
          beforeAll(async () => {
            page = await site.engine.open(site.consent.url, viewport);
          });
          afterAll(() => page?.close());
          // When the browser fails (browserFailed), the test runs once more in a new session, so a page that never
          // loads still fails. Any other failure fails the test.
          const resilient = (body: () => Promise<void>) => async () => {
            try {
              await body();
            } catch (error) {
              if (!browserFailed(error)) throw error;
              void page.close().catch(() => {});
              page = await site.engine.open(site.consent.url, viewport);
              await body();
            }
          };
          const started = async () => {
            await waitForHydration(page);
            if (INTERACTIVE_ROUTES.has(id)) await interact(page);
          };

          it(
            'a fresh load',
            resilient(async () => {
              await page.goto(path);
              await started();
            }),
            timeout,
          );

          it(
            `a fragment link to #${lowerSection(id)}`,
            resilient(async () => {
              // From an empty document, as from a search engine's result: a load of its own, not a scroll within the page.
              await page.goto('about:blank');
              await page.goto(`${path}#${lowerSection(id)}`);
              await openedScrolled(page);
              await started();
            }),
            timeout,
          );

          it(
            'a reload scrolled to the footer',
            resilient(async () => {
              await page.goto(path);
              await page.evaluate(() => document.querySelector('footer')!.scrollIntoView({ block: 'end', behavior: 'instant' }));
              await openedScrolled(page);
              await reload(page);
              await arrivedAt(page, path);
              await openedScrolled(page);
              await started();
            }),
            timeout,
          );

          it(
            `a load whose entry arrives ${SLOW_ENTRY_MS / 1000} s late`,
            resilient(async () => {
              const before = slow!.held();
              await page.goto(new URL(path, slow!.url).href);
              await started();
              expect(slow!.held()).toBeGreaterThan(before);
            }),
            timeout,
          );
          // Last: after a history step, puppeteer's Firefox page waits for a load on its next goto that never comes.
          it(
            'Back, then Forward to it',
            resilient(async () => {
              await page.goto(other);
              await page.goto(path);
              await waitForHydration(page);
              await mark(page);
              await page.traverse('back');
              await arrivedAt(page, other, { restored: true });
              await mark(page);
              await page.traverse('forward');
              await arrivedAt(page, path, { restored: true });
              if (await page.evaluate(() => 'leaving' in window)) restoredFromCache++;
              await started();
            }),
            timeout,
          );
        });
      }
    }
  });

  describe(`${engine}: a page restored by Back follows a choice made on another page`, () => {
    const restored = (page: EnginePage) => page.evaluate(() => 'leaving' in window);
    /** Firefox and WebKit keep these pages in their back/forward cache (what the scenario is about); Chromium loads them again. */
    const expectRestored = async (page: EnginePage) => {
      if (engine !== 'chromium') expect(await restored(page), 'Back restored /about from the back/forward cache').toBe(true);
    };
    const tagManager = (page: EnginePage) => page.evaluate(() => document.documentElement.dataset.tagManager ?? null);
    /**
     * Firefox keeps no page in its back/forward cache that still has a request
     * under way: the tag manager's script (refused here, as no request leaves
     * the machine) must have failed or loaded before the visitor leaves.
     */
    const watchTagRequest = (page: EnginePage) =>
      page.evaluate(() => {
        const settled = (event: Event) => {
          if (event.target instanceof HTMLScriptElement && event.target.src.includes('gtm.js'))
            (window as unknown as { tagSettled?: boolean }).tagSettled = true;
        };
        document.addEventListener('error', settled, true);
        document.addEventListener('load', settled, true);
      });
    const tagRequestSettled = (page: EnginePage) => page.waitFor(() => 'tagSettled' in window);

    it(
      'accepted on /about, rejected from Cookie settings on /services: Back to /about tells the tag manager "denied" at once',
      async () => {
        await withPage(site.engine, site.consent.url, widths[1]!, async (page) => {
          await page.goto('/about');
          await waitForHydration(page);
          await barShown(page);
          await watchTagRequest(page);
          await page.click({ role: 'button', name: labels.consent.accept, within: bar });
          await barGone(page);
          await tagRequestSettled(page);
          await mark(page);
          await page.goto('/services');
          await waitForHydration(page);
          await page.click({ role: 'button', name: labels.consent.settings });
          await barShown(page);
          await page.click({ role: 'button', name: labels.consent.reject, within: bar });
          await barGone(page);
          await page.traverse('back');
          await arrivedAt(page, '/about', { restored: true });
          await expectRestored(page);
          await page.waitFor(() => document.documentElement.dataset.consent === 'denied');
          const calls = await consentCalls(page);
          if (await restored(page)) {
            expect(calls.at(-1)).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'denied' })]);
            expect(await tagManager(page)).toBe('shut-out');
          } else expect(calls).toEqual([]);
          expect(await page.visible(bar)).toBe(false);
        });
      },
      timeout,
    );

    for (const choice of [labels.consent.reject, labels.consent.accept] as const) {
      it(
        `asked on /about, ${choice} on /services: Back to /about asks no more, and follows it`,
        async () => {
          await withPage(site.engine, site.consent.url, widths[1]!, async (page) => {
            await page.goto('/about');
            await waitForHydration(page);
            await barShown(page);
            await mark(page);
            await page.goto('/services');
            await waitForHydration(page);
            await barShown(page);
            await page.click({ role: 'button', name: choice, within: bar });
            await barGone(page);
            await page.traverse('back');
            await arrivedAt(page, '/about', { restored: true });
            await expectRestored(page);
            const consent = choice === labels.consent.accept ? 'granted' : 'denied';
            await page.waitFor((wanted) => document.documentElement.dataset.consent === wanted, consent);
            // A page loaded again (Chromium) starts the tag manager when its consent island upgrades, after the first paint.
            if (choice === labels.consent.accept) await page.waitFor(() => document.documentElement.dataset.tagManager === 'loaded');
            expect(await page.visible(bar)).toBe(false);
            const calls = await consentCalls(page);
            if (choice === labels.consent.accept)
              expect(calls.at(-1)).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted' })]);
            else expect(calls).toEqual([]);
          });
        },
        timeout,
      );
    }
  });

  describe(`${engine}: nothing focused or read at the end is under the sticky header or the bar`, () => {
    const fields = contactFields.map((field) => `contact-${field.name}`);

    it(
      'at 1280 px with the bar open, Tab then Shift+Tab through the contact form',
      async () => {
        await withPage(site.engine, site.consent.url, widths[1]!, async (page) => {
          await page.goto('/contact');
          await waitForHydration(page);
          await barShown(page);
          // From a place above the form, as a visitor reading down to it.
          await page.evaluate(() => {
            const form = document.querySelector('.contact-form')!;
            scrollTo({ top: scrollY + form.getBoundingClientRect().top - innerHeight + 40, behavior: 'instant' });
            document.querySelector<HTMLElement>('.contact-form .form-note')!.setAttribute('tabindex', '-1');
            document.querySelector<HTMLElement>('.contact-form .form-note')!.focus({ preventScroll: true });
          });
          const seen = [];
          for (const _ of fields) {
            await page.press('Tab');
            seen.push(await focusClearance(page));
          }
          // On to the button, then back up, field by field.
          await page.press('Tab');
          for (const _ of fields) {
            await page.press('Shift+Tab');
            seen.push(await focusClearance(page));
          }
          expect(seen.map((one) => one.id)).toEqual([...fields, ...fields.toReversed()]);
          for (const one of seen) expectFocusClear(one);
        });
      },
      timeout,
    );

    it(
      'without JavaScript, Send on the empty form shows the first field with its label',
      async () => {
        await withPage(
          site.engine,
          site.server.url,
          widths[1]!,
          async (page) => {
            await page.goto('/contact');
            // The first field's label just above the header's bottom, Send focused, as a keyboard user gets there.
            await page.evaluate(() => {
              const label = document.querySelector('label[for=contact-name]')!;
              const header = document.querySelector('.site-header')!.getBoundingClientRect().height;
              scrollTo({ top: scrollY + label.getBoundingClientRect().top - header + 10, behavior: 'instant' });
              document.querySelector<HTMLElement>('.contact-form button[type=submit]')!.focus({ preventScroll: true });
            });
            await page.press('Enter');
            await page.waitFor(() => document.activeElement?.id === 'contact-name');
            expectFocusClear(await focusClearance(page));
          },
          { javaScript: false },
        );
      },
      timeout,
    );

    for (const viewport of widths) {
      it(
        `at ${viewport.width} px, a reload at the footer with the bar open leaves the footer's last row in view`,
        async () => {
          await withPage(site.engine, site.consent.url, viewport, async (page) => {
            await atTheEndOfTerms(page);
            await reload(page);
            await arrivedAt(page, '/terms');
            await openedScrolled(page);
            await waitForHydration(page);
            await barShown(page);
            const short = await whenSettled(
              page,
              () =>
                page.evaluate(
                  (selector) =>
                    Math.round(
                      document.querySelector('.footer-bottom')!.getBoundingClientRect().bottom -
                        document.querySelector(selector)!.getBoundingClientRect().top,
                    ),
                  bar,
                ),
              (reach) => reach <= 0,
            );
            expect(short, "the footer's last row reaches under the bar by").toBeLessThanOrEqual(0);
          });
        },
        timeout,
      );
    }
  });

  describe(`${engine}: a consent choice leaves the visitor where they were`, () => {
    /** Where the page is and where focus is, relative to the viewport. */
    const place = (page: EnginePage) =>
      page.evaluate(() => {
        const focused = document.activeElement;
        const box = focused && focused !== document.body ? focused.getBoundingClientRect() : null;
        return {
          scrollY,
          focused:
            focused === document.body
              ? 'body'
              : `${focused?.tagName.toLowerCase()}#${focused?.id} “${focused?.textContent?.trim().slice(0, 30)}”`,
          top: box ? box.top : null,
        };
      });
    /** Clicks a button of the bar where it is drawn: the bar is fixed, nothing needs scrolling. */
    const clickInBar = async (page: EnginePage, name: string) => {
      const point = await page.evaluate(
        (selector, label) => {
          const button = [...document.querySelectorAll(`${selector} button`)].find((el) => el.textContent?.trim() === label)!;
          const box = button.getBoundingClientRect();
          return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        },
        bar,
        name,
      );
      await page.clickAt(point.x, point.y);
    };
    const expectAtPlace = (after: Awaited<ReturnType<typeof place>>, scrolledTo: number) => {
      expect(Math.abs(after.scrollY - scrolledTo), `scrolled from ${scrolledTo} to ${after.scrollY}`).toBeLessThanOrEqual(2);
      // Focus is on an element at the visitor's place: in view, or the next one after it, never above the viewport.
      expect(after.focused).not.toBe('body');
      expect(after.top, `${after.focused} is above the viewport`).toBeGreaterThanOrEqual(0);
    };

    for (const viewport of widths) {
      it(
        `at ${viewport.width} px: scrolled down /terms, Reject keeps the place, and focus at it`,
        async () => {
          await withPage(site.engine, site.consent.url, viewport, async (page) => {
            await page.goto('/terms');
            await waitForHydration(page);
            await barShown(page);
            await page.evaluate(() => scrollTo({ top: 1800, behavior: 'instant' }));
            await page.waitFor(() => scrollY === 1800);
            await clickInBar(page, labels.consent.reject);
            await barGone(page);
            const after = await place(page);
            expectAtPlace(after, 1800);
          });
        },
        timeout,
      );

      it(
        `at ${viewport.width} px: at the end of /terms, Accept keeps the place; reopened from Cookie settings, Reject gives focus back to it`,
        async () => {
          await withPage(site.engine, site.consent.url, viewport, async (page) => {
            await atTheEndOfTerms(page);
            const end = await page.evaluate(() => scrollY);
            await clickInBar(page, labels.consent.accept);
            await barGone(page);
            expectAtPlace(await place(page), end);

            await page.click({ role: 'button', name: labels.consent.settings });
            await barShown(page);
            const reopenedAt = await page.evaluate(() => scrollY);
            await clickInBar(page, labels.consent.reject);
            await barGone(page);
            const after = await place(page);
            expectAtPlace(after, reopenedAt);
            expect(after.focused).toMatch(/“Cookie settings”$/);
          });
        },
        timeout,
      );

      it(
        `at ${viewport.width} px: on /contact#topic-migration, Accept keeps the place, and focus where the visitor was typing`,
        async () => {
          await withPage(site.engine, site.consent.url, viewport, async (page) => {
            await page.goto('/contact#topic-migration');
            await waitForHydration(page);
            await barShown(page);
            await openedScrolled(page);
            // Typing in the migration form, then Accept with the mouse.
            await page.click('#topic-migration-name');
            await page.type('Ada');
            const scrolledTo = await page.evaluate(() => scrollY);
            await clickInBar(page, labels.consent.accept);
            await barGone(page);
            const after = await place(page);
            expectAtPlace(after, scrolledTo);
            expect(after.focused).toMatch(/^input#topic-migration-name/);
          });
        },
        timeout,
      );
    }
  });
}
