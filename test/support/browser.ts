// Debian's Chromium driven by playwright-core: headless, no sandbox (CI runs
// as root), no background networking (this machine has no internet). Playwright
// gives every launch a fresh, temporary profile of its own.
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { clientReady } from './client-ready.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Every page a test opens is a browser window, and headless Chromium builds each window's toolbar and preloads its
 * omnibox popup, a WebUI page in a renderer process of its own, which no test ever shows and every test pays for in
 * CPU (the figure: docs/performance.md). These features turn the popup's WebUI off; pages render as before.
 */
const unusedBrowserUi = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];

/**
 * The features Playwright turns off for automation (its chromiumSwitches). Chromium honours only the last
 * --disable-features on its command line, so turning one more off means repeating these;
 * test/browser/chromium-features.test.ts fails when a Playwright upgrade adds one not listed here.
 */
const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The flags of a Chromium that Playwright drives. */
export const playwrightChromiumFlags = [
  ...chromiumFlags,
  `--disable-features=${[...playwrightDisabledFeatures, ...unusedBrowserUi].join(',')}`,
];

export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: playwrightChromiumFlags,
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

export const viewports = {
  phone: { width: 375, height: 740 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 900 },
} as const;

/** Everything that went wrong on a page: console errors, uncaught exceptions, failed same-site requests. */
export interface PageProblems {
  list: string[];
}

export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = viewports.desktop,
  options: {
    javaScriptEnabled?: boolean;
    reducedMotion?: 'reduce' | 'no-preference';
    hasTouch?: boolean;
    colorScheme?: 'light' | 'dark';
    /** The browser's text size setting, as a share of the default (2 is 200%): text grows, the page is not zoomed. */
    textSize?: number;
  } = {},
): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: options.reducedMotion ?? 'no-preference',
    hasTouch: options.hasTouch ?? false,
    colorScheme: options.colorScheme ?? 'light',
  });
  // Links to the example domains must never leave this machine.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  if (options.textSize) {
    // Chromium's "Font size" setting: the default 16 px (and 13 px monospace)
    // grows; rem, em and media queries in em follow, pixels do not.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Page.setFontSizes', {
      fontSizes: { standard: Math.round(16 * options.textSize), fixed: Math.round(13 * options.textSize) },
    });
  }
  const problems: PageProblems = { list: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.list.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.list.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // Leaving a page cancels what it was still loading (ERR_ABORTED); that is not a failure of the site.
    const reason = request.failure()?.errorText;
    if (request.url().startsWith(baseUrl) && reason !== 'net::ERR_ABORTED') problems.list.push(`failed: ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.url().startsWith(baseUrl) && response.status() >= 400 && response.request().resourceType() !== 'document') {
      problems.list.push(`HTTP ${response.status()}: ${response.url()}`);
    }
  });
  return { context, page, problems };
}

/** Reaches for every island and resolves once all are live, the forms and the consent bar among them (see clientReady). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(clientReady, true);
}

/**
 * For a browser test file: the production server and Chromium, started before
 * its tests and stopped after them.
 */
export function openSiteInBrowser(env: Record<string, string> = {}) {
  const site = {} as { server: import('./server.js').RunningServer; browser: Browser };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const { startServer } = await import('./server.js');
    site.server = await startServer(env);
    const launched = await launchBrowser();
    site.browser = launched.browser;
    close = launched.close;
  });
  afterAll(async () => {
    await close?.();
    await site.server?.stop();
  });
  return site;
}

/**
 * Holds the client entry back until `release()`: the page is what the document
 * alone paints. `requested` lists the entry requests seen so far.
 */
export async function holdClientScript(page: Page): Promise<{ release: () => void; requested: string[] }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(/\/assets\/[\w-]+\.js$/, async (route) => {
    requested.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, requested };
}

/**
 * Holds the whole stylesheet back until `release()` (it follows each page's first section, decision 045): the page is
 * what its first paint's inlined rules draw, and Chromium parses nothing after the stylesheet's link meanwhile.
 */
export async function holdStylesheet(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/site-\w+\.css$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** Resolves once the browser has recorded the first contentful paint. */
export async function firstContentfulPaint(page: Page): Promise<boolean> {
  return page.evaluate(() => performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint'));
}
