// The Chromium the tests drive keeps every feature Playwright turns off for automation, and leaves out the
// toolbar's omnibox popup, which no test shows (test/support/browser.ts). Chromium honours only the last
// --disable-features on its command line: were Playwright to add a feature to its own list, the tests' list
// would silently turn it back on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launchBrowser()));
afterAll(() => close?.());

/** The browser's own command line, as chrome://version shows it. */
async function commandLine(): Promise<string[]> {
  const page = await browser.newPage();
  await page.goto('chrome://version');
  const line = await page.locator('#command_line').textContent();
  await page.close();
  return (line ?? '').split(/\s+/);
}

const disableFeatures = '--disable-features=';

describe('the Chromium that the tests drive', () => {
  it('keeps disabled every feature Playwright disables', async () => {
    const lists = (await commandLine())
      .filter((arg) => arg.startsWith(disableFeatures))
      .map((arg) => arg.slice(disableFeatures.length).split(','));
    expect(lists.length, 'Playwright’s list and the tests’ own').toBeGreaterThanOrEqual(2);
    const honoured = lists.at(-1)!;
    const dropped = lists.slice(0, -1).flatMap((list) => list.filter((feature) => !honoured.includes(feature)));
    expect(dropped).toEqual([]);
  });

  it('opens a page without the toolbar’s omnibox popup', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('about:blank');
    const devtools = await browser.newBrowserCDPSession();
    const { targetInfos } = await devtools.send('Target.getTargets');
    await context.close();
    expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://omnibox'))).toEqual([]);
  });
});
