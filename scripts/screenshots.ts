// Writes every page at 320, 360, 375, 412, 768, 1280 and 1920 px, in the light and the
// dark theme, into screenshots/ (ignored by git), taken in Debian's Chromium
// from the production build, for review by eye; then, with analytics on
// (GTM_ID), the consent bar as a first visit shows it.
//
// Arguments narrow it down for a quick look: paths ('/', '/about'), widths
// ('375'), 'light' or 'dark', and 'text200' for the browser's text size at 200%.
//   npm run screenshots -- /about 320 dark
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { indexableRoutes } from '../shared/routes.js';
import { launchBrowser, openPage, viewports, waitForHydration } from '../test/support/browser.js';
import { startServer } from '../test/support/server.js';
import { root } from './build.js';

const outDir = join(root, 'screenshots');
mkdirSync(outDir, { recursive: true });

const args = process.argv.slice(2);
const chosen = <T extends string>(all: readonly T[]): T[] =>
  all.some((item) => args.includes(item)) ? all.filter((item) => args.includes(item)) : [...all];
const paths = chosen([...indexableRoutes().map((r) => r.path), '/not-a-page']);
const widths = chosen(['320', '360', '375', '412', '768', '1280', '1920']);
const schemes = chosen(['light', 'dark'] as const);
const textSize = args.includes('text200') ? 2 : undefined;

const server = await startServer();
const { browser, close } = await launchBrowser();
try {
  let written = 0;
  for (const colorScheme of schemes) {
    for (const width of widths) {
      for (const path of paths) {
        const viewport = { width: Number(width), height: Number(width) < 768 ? 740 : 900 };
        const { context, page } = await openPage(browser, server.url, viewport, { colorScheme, textSize });
        await page.goto(path);
        await waitForHydration(page);
        const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
        const file = join(outDir, `${name}-${width}-${colorScheme}${textSize ? '-text200' : ''}.png`);
        if (textSize) {
          // A full-page capture resets Chromium's text size; a window as tall as the page keeps it.
          await page.setViewportSize({ width: viewport.width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
          await page.screenshot({ path: file });
        } else await page.screenshot({ path: file, fullPage: true });
        await context.close();
        written++;
      }
    }
  }
  console.log(`wrote ${written} screenshots to ${outDir}`);

  if (args.length === 0 || args.includes('consent')) {
    const withAnalytics = await startServer({ GTM_ID: 'GTM-SCR33N5' });
    try {
      for (const colorScheme of schemes) {
        for (const [name, viewport] of Object.entries({ small: { width: 320, height: 568 }, ...viewports })) {
          const { context, page } = await openPage(browser, withAnalytics.url, viewport, { colorScheme });
          await page.goto('/');
          await waitForHydration(page);
          await page.screenshot({ path: join(outDir, `consent-bar-${name}-${colorScheme}.png`) });
          await context.close();
        }
      }
      console.log(`wrote the consent bar at 320, 375, 768 and 1280 px to ${outDir}/consent-bar-*.png`);
    } finally {
      await withAnalytics.stop();
    }
  }
} finally {
  await close();
  await server.stop();
}
