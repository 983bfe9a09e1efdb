// Writes every page at 375, 768 and 1280 px into screenshots/ (ignored by git),
// taken in Debian's Chromium from the production build, for review by eye;
// then, with analytics on (GTM_ID), the consent bar as a first visit shows it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { indexableRoutes } from '../shared/routes.js';
import { launchBrowser, openPage, viewports, waitForHydration } from '../test/support/browser.js';
import { startServer } from '../test/support/server.js';
import { root } from './build.js';

const outDir = join(root, 'screenshots');
mkdirSync(outDir, { recursive: true });

const server = await startServer();
const { browser, close } = await launchBrowser();
try {
  const paths = [...indexableRoutes().map((r) => r.path), '/not-a-page'];
  for (const [name, viewport] of Object.entries(viewports)) {
    for (const path of paths) {
      const { context, page } = await openPage(browser, server.url, viewport);
      await page.goto(path);
      await waitForHydration(page);
      const file = join(outDir, `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '_')}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await context.close();
    }
  }
  console.log(`wrote ${Object.keys(viewports).length * paths.length} screenshots to ${outDir}`);

  const withAnalytics = await startServer({ GTM_ID: 'GTM-SCR33N5' });
  try {
    for (const [name, viewport] of Object.entries({ small: { width: 320, height: 568 }, ...viewports })) {
      const { context, page } = await openPage(browser, withAnalytics.url, viewport);
      await page.goto('/');
      await waitForHydration(page);
      await page.screenshot({ path: join(outDir, `consent-bar-${name}.png`) });
      await context.close();
    }
    console.log(`wrote the consent bar at 320, 375, 768 and 1280 px to ${outDir}/consent-bar-*.png`);
  } finally {
    await withAnalytics.stop();
  }
} finally {
  await close();
  await server.stop();
}
