// Two releases behind nginx at once, as during a rolling update: this build
// and a next one whose client differs (so its assets have other names), one
// upstream each. nginx spreads requests over both, so a page from one release
// asks the other for its script and gets a 404. The strategy (decision record
// 012): pages are complete HTML whose controls work before and without the
// script, so a missing script degrades them to HTML, never breaks them. A
// browser loads pages through nginx and uses every header control each time.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../server/manifest.js';
import { distDir } from '../support/app.js';
import { launchBrowser, viewports } from '../support/browser.js';
import { nginxMissing, planNginx, type RunningNginx } from '../support/nginx.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';
import { contactDetailsCopy } from '../../shared/content/contact-details.js';
import { labels } from '../support/labels.js';
import { routeById } from '../../shared/routes.js';

const skip = nginxMissing();
/** A release's header island module: its name changes with its content. */
const entryScript = /\/assets\/header-\w+\.js$/;
const root = join(import.meta.dirname, '..', '..');

describe.skipIf(Boolean(skip))('two releases behind nginx at once', () => {
  let nginx: RunningNginx;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  const releases: RunningServer[] = [];
  const entryStatuses: number[] = [];

  beforeAll(async () => {
    // The next release: this source with one change to the client, built in a folder of its own.
    const next = mkdtempSync(join(tmpdir(), 'next-release-'));
    execFileSync('bash', ['-c', `git ls-files -z | xargs -0 cp --parents -t ${next}`], { cwd: root });
    symlinkSync(join(root, 'node_modules'), join(next, 'node_modules'));
    appendFileSync(join(next, 'client', 'islands', 'header.tsx'), "\nexport const release = 'next';\n");
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: next, stdio: 'ignore' });
    expect(readManifest(join(next, 'dist')).islands.header[0]!).not.toBe(readManifest(distDir).islands.header[0]!);

    const planned = await planNginx();
    const env = { FORCE_HTTPS: 'true', TRUST_PROXY: '1', SITE_URL: planned.siteUrl };
    const ports = [await freePort(), await freePort()];
    releases.push(await startServer({ ...env, PORT: String(ports[0]) }));
    releases.push(await startServer({ ...env, PORT: String(ports[1]) }, { cwd: next, command: [join(next, 'dist', 'server', 'main.js')] }));
    nginx = await planned.start(ports);
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 120_000);

  afterAll(async () => {
    await closeBrowser?.();
    await nginx?.stop();
    for (const release of releases) await release.stop();
  });

  let loads = 0;

  /**
   * A page through nginx, once its script has started or failed to (the controls are then in their lasting state).
   * nginx takes the two releases in turn (round robin, one worker), so a page's script would always come from the
   * release that did not send the page. On every other load one request through nginx's plain-HTTP listener goes
   * between the page and its script, so the script comes from the page's own release: both cases are met every run.
   */
  async function load(path: string, viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport, ignoreHTTPSErrors: true, baseURL: nginx.httpsUrl });
    await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort());
    const sameRelease = loads++ % 2 === 1;
    await context.route(entryScript, async (route) => {
      if (sameRelease) await fetch(`${nginx.httpUrl}/livez`, { redirect: 'manual' });
      await route.continue();
    });
    const page = await context.newPage();
    page.on('response', (response) => {
      if (entryScript.test(response.url())) entryStatuses.push(response.status());
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    return page;
  }

  const visible = (page: Page, label: string) => page.getByLabel(label, { exact: true }).filter({ visible: true });

  /** Search from the header, by the panel when the client runs, by the header's own form when it does not. */
  async function search(page: Page) {
    await visible(page, labels.header.search).click();
    const panel = page.getByRole('dialog', { name: labels.header.searchTitle });
    const field = (await panel.isVisible()) ? panel.locator('#site-search') : page.locator('#header-search-query');
    await field.fill('refund');
    // The panel may still be fetching the engine, from either release: Enter goes wherever it can.
    await page.waitForTimeout(300);
    await field.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/about');
    expect(await page.locator('h1').count()).toBe(1);
  }

  for (const [name, viewport] of Object.entries({ phone: viewports.phone, desktop: viewports.desktop })) {
    it(`on a ${name}: every header control works on every load, whichever release answers each request`, async () => {
      for (let visit = 0; visit < 4; visit++) {
        let page = await load('/about', viewport);
        if (name === 'phone') {
          await visible(page, labels.header.openMenu).click();
          await expect
            .poll(() => page.getByRole('navigation', { name: labels.header.phoneMenu }).filter({ visible: true }).count())
            .toBe(1);
        } else {
          await page
            .getByRole('navigation', { name: labels.header.mainMenu })
            .getByRole('button', { name: labels.header.services })
            .click();
          await expect.poll(() => page.locator('#services-menu').isVisible()).toBe(true);
          await page
            .locator('#services-menu')
            .getByRole('link', { name: routeById('maintenance').label })
            .click();
          await page.waitForURL('**/services/maintenance');
          await page.context().close();
          page = await load('/about', viewport);
          await page.getByRole('link', { name: labels.header.contactDetails }).click();
          await expect
            .poll(
              async () =>
                (await page.getByRole('dialog', { name: contactDetailsCopy.title }).isVisible()) || page.url().endsWith('#site-footer'),
            )
            .toBe(true);
        }
        await page.context().close();
        page = await load('/about', viewport);
        await search(page);
        await page.context().close();
      }
    }, 120_000);
  }

  it('was tried with scripts from the other release missing, and from the same release present', () => {
    expect(entryStatuses).toContain(404);
    expect(entryStatuses).toContain(200);
  });
});
