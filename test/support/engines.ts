// The interaction tests' view of a browser, the same over Firefox and WebKit
// (decision 020): open a page at a viewport size with JavaScript on or off,
// click what a visitor sees (by selector, or by role and name), press keys,
// read the page. Firefox ESR is Debian's `firefox-esr`, driven by puppeteer-core
// over WebDriver BiDi; WebKit is Debian's `webkit2gtk-driver` (WebKitWebDriver
// starting WebKitGTK's MiniBrowser) under Xvfb, over classic WebDriver. Neither
// is a test tool's own browser download. An engine that cannot start throws:
// its tests fail, they are never skipped. Debian's Chromium is here too
// (playwright-core), for the scenarios that run alike in all three engines.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import puppeteer, { type Browser as FirefoxBrowser, type Page as FirefoxPage } from 'puppeteer-core';
import { chromium as playwrightChromium, type Page as ChromiumPage } from 'playwright-core';
import { CHROMIUM, playwrightChromiumFlags } from './browser.js';
import { probeUntil } from './until.js';
import { clientReady } from './client-ready.js';
import { freePort, startServer, type RunningServer } from './server.js';
import { WebDriverSession, webDriverKeys } from './webdriver.js';
import { listenOnLoopback } from './loopback.js';

export type EngineName = 'chromium' | 'firefox' | 'webkit';

export type Key = keyof typeof webDriverKeys | 'Shift+Tab';

/** An element by CSS selector, or by its role and accessible name (the first one shown, if any is), optionally within a selector. */
export type Target = string | { role: 'button' | 'link' | 'dialog' | 'option'; name: string; within?: string };

export interface EnginePage {
  goto(path: string): Promise<void>;
  url(): Promise<string>;
  /** Runs a function in the page; it must be synchronous and return JSON. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<T>;
  /** A mouse click in the middle of the element, once scrolled into view; throws if something else is drawn there. */
  click(target: Target): Promise<void>;
  /** A mouse click at a point of the viewport, scrolling nothing first. */
  clickAt(x: number, y: number): Promise<void>;
  press(key: Key): Promise<void>;
  /** The browser's Back or Forward, resolved once it has started (wait for the page it leads to). */
  traverse(step: 'back' | 'forward'): Promise<void>;
  /** Types into the focused element. */
  type(text: string): Promise<void>;
  /** Clicks into a field, selects what it holds and types `value` over it. */
  fill(selector: string, value: string): Promise<void>;
  visible(target: Target): Promise<boolean>;
  attribute(target: Target, name: string): Promise<string | null>;
  text(target: Target): Promise<string | null>;
  /** The focused element: its id, aria-label and text. */
  focused(): Promise<{ id: string; label: string | null; text: string }>;
  /** Resolves once `fn` returns a truthy value in the page, checked every 50 ms; throws after `timeoutMs`. */
  waitFor<A extends unknown[]>(fn: (...args: A) => unknown, ...args: A): Promise<void>;
  close(): Promise<void>;
}

type Viewport = { width: number; height: number };

export interface Engine {
  name: EngineName;
  open(baseUrl: string, viewport: Viewport, options?: { javaScript?: boolean }): Promise<EnginePage>;
  /** `count` pages open at once, each a visitor of its own where the engine allows it (WebKit: windows of one session, sharing its storage). */
  openSideBySide(baseUrl: string, viewport: Viewport, count: number): Promise<EnginePage[]>;
  close(): Promise<void>;
}

/** Pages of their own, opened together: what Chromium and Firefox do for `openSideBySide`. */
const separatePages =
  (open: Engine['open']): Engine['openSideBySide'] =>
  (baseUrl, viewport, count) =>
    Promise.all(Array.from({ length: count }, () => open(baseUrl, viewport)));

/**
 * Whether `error` is the browser's failure rather than the page's. On two busy cores an engine's own process can die
 * or stop answering (WebKit's MiniBrowser did in CI: every later command said "invalid session id"; a navigation or a
 * script went unanswered for the driver's whole timeout).
 */
export const browserFailed = (error: unknown) =>
  /invalid session id|session not created|ECONNREFUSED|WebDriver .*TimeoutError/i.test(String(error));

/**
 * Opens pages with `open`, runs `steps` on them, and closes them, pass or fail. When the browser fails
 * (`browserFailed`), `steps` run once more in a new session, so a page that never loads still fails.
 */
async function withOpened<T>(open: () => Promise<EnginePage[]>, steps: (pages: EnginePage[]) => Promise<T>): Promise<T> {
  const once = async () => {
    const pages = await open();
    try {
      return await steps(pages);
    } finally {
      await Promise.all(pages.map((page) => page.close().catch(() => {})));
    }
  };
  try {
    return await once();
  } catch (error) {
    if (!browserFailed(error)) throw error;
    return once();
  }
}

/** Opens a page at `baseUrl` in `engine`, runs `steps` on it, and closes it (`withOpened`). */
export function withPage<T>(
  engine: Engine,
  baseUrl: string,
  viewport: Viewport,
  steps: (page: EnginePage) => Promise<T>,
  options?: { javaScript?: boolean },
): Promise<T> {
  return withOpened(
    async () => [await engine.open(baseUrl, viewport, options)],
    ([page]) => steps(page!),
  );
}

/** `withPage` for `count` pages open side by side. */
export function withPagesSideBySide<T>(
  engine: Engine,
  baseUrl: string,
  viewport: Viewport,
  count: number,
  steps: (pages: EnginePage[]) => Promise<T>,
): Promise<T> {
  return withOpened(() => engine.openSideBySide(baseUrl, viewport, count), steps);
}

/** The consent commands the page has given the tag manager (gtag's calls in dataLayer are Arguments objects). */
export const consentCalls = (page: EnginePage) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
      .map((entry) => [...(entry as IArguments)] as unknown[])
      .filter(([command]) => command === 'consent'),
  );

const waitTimeoutMs = 10_000;

/**
 * Everything done inside the page, in one function so that both drivers send it
 * the same way: finds the target and answers `op` about it.
 */
function inPage(op: 'point' | 'visible' | 'attribute' | 'text' | 'focused' | 'select', target: Target | null, name?: string): unknown {
  const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const accessibleName = (el: Element): string => {
    const labelledBy = el.getAttribute('aria-labelledby');
    const label = labelledBy
      ? labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : (el.getAttribute('aria-label') ?? el.textContent ?? '');
    return label.replace(/\s+/g, ' ').trim();
  };
  const roles = {
    button: 'button, summary, [role="button"]',
    link: 'a[href]:not([role]), [role="link"]',
    dialog: 'dialog, [role="dialog"]',
    option: '[role="option"]',
  };
  const find = (wanted: Target): Element | null => {
    if (typeof wanted === 'string') return document.querySelector(wanted);
    const scope = wanted.within ? document.querySelector(wanted.within) : document;
    const all = [...(scope?.querySelectorAll(roles[wanted.role]) ?? [])].filter((el) => accessibleName(el) === wanted.name);
    return all.find(shown) ?? all[0] ?? null;
  };
  if (op === 'focused') {
    const el = document.activeElement;
    return { id: el?.id ?? '', label: el?.getAttribute('aria-label') ?? null, text: (el?.textContent ?? '').trim().slice(0, 80) };
  }
  const el = find(target!);
  if (op === 'visible') return el !== null && shown(el);
  if (!el) throw new Error(`nothing on the page matches ${JSON.stringify(target)}`);
  if (op === 'attribute') return el.getAttribute(name!);
  if (op === 'text') return el.textContent;
  if (op === 'select') {
    (el as HTMLInputElement).select();
    return null;
  }
  el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const box = el.getBoundingClientRect();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(el.contains(hit) || (el instanceof HTMLInputElement && el.labels && [...el.labels].some((l) => l.contains(hit))))) {
    throw new Error(`${JSON.stringify(target)} is covered by ${hit?.outerHTML.slice(0, 120)}`);
  }
  return { x, y };
}

/** What both drivers share: everything but the few native commands. */
abstract class BasePage implements EnginePage {
  constructor(protected readonly baseUrl: string) {}
  abstract goto(path: string): Promise<void>;
  abstract url(): Promise<string>;
  abstract evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<T>;
  abstract clickAt(x: number, y: number): Promise<void>;
  abstract press(key: Key): Promise<void>;
  abstract type(text: string): Promise<void>;
  abstract close(): Promise<void>;

  /**
   * By the page's own history, once the script has returned: puppeteer's and
   * Playwright's goBack wait for a load that a page restored from the
   * back/forward cache never fires.
   */
  async traverse(step: 'back' | 'forward'): Promise<void> {
    await this.evaluate((how) => {
      setTimeout(() => (how === 'back' ? history.back() : history.forward()), 0);
    }, step);
  }

  async click(target: Target): Promise<void> {
    const { x, y } = (await this.evaluate(inPage, 'point', target)) as { x: number; y: number };
    await this.clickAt(x, y);
  }

  async fill(selector: string, value: string): Promise<void> {
    await this.click(selector);
    await this.evaluate(inPage, 'select', selector);
    if (value) await this.type(value);
    else await this.press('Backspace');
  }

  async visible(target: Target): Promise<boolean> {
    return (await this.evaluate(inPage, 'visible', target)) as boolean;
  }

  async attribute(target: Target, name: string): Promise<string | null> {
    return (await this.evaluate(inPage, 'attribute', target, name)) as string | null;
  }

  async text(target: Target): Promise<string | null> {
    return (await this.evaluate(inPage, 'text', target)) as string | null;
  }

  async focused(): Promise<{ id: string; label: string | null; text: string }> {
    return (await this.evaluate(inPage, 'focused', null)) as { id: string; label: string | null; text: string };
  }

  async waitFor<A extends unknown[]>(fn: (...args: A) => unknown, ...args: A): Promise<void> {
    const end = performance.now() + waitTimeoutMs;
    let last = '';
    for (;;) {
      // A page that is navigating cannot answer for a moment: that is a "not yet".
      try {
        if (await this.evaluate(fn, ...args)) return;
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
      }
      if (performance.now() > end) throw new Error(`timed out waiting for ${fn.toString().slice(0, 200)}${last ? ` (${last})` : ''}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

// ---- Firefox over WebDriver BiDi -------------------------------------------

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** No request may leave the machine: everything but loopback goes to a proxy that is not there. */
const firefoxPrefs = {
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.no_proxies_on': '127.0.0.1',
};

class FirefoxEnginePage extends BasePage {
  constructor(
    baseUrl: string,
    private readonly page: FirefoxPage,
    private readonly onClose: () => Promise<void>,
  ) {
    super(baseUrl);
  }

  async goto(path: string): Promise<void> {
    const url = new URL(path, this.baseUrl).href;
    try {
      await this.page.goto(url);
    } catch (error) {
      // Firefox's remote agent fails a navigation that a second navigation start in the same tab interrupts, as
      // WebDriver BiDi says (w3c/webdriver-bidi#763), and on two busy cores it has reported one with no second
      // navigation of the site's (its pages start none while loading; only the search panel's submit navigates).
      // Once more: a page that did navigate itself while loading fails again, or fails the checks of where it is.
      if (!/new navigation interrupted an unfinished navigation/.test(String(error))) throw error;
      await this.page.goto(url);
    }
  }

  url(): Promise<string> {
    return Promise.resolve(this.page.url());
  }

  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<T> {
    // Cast: puppeteer's types unwrap element handles, which these tests never pass.
    return this.page.evaluate(fn, ...(args as unknown as never[]));
  }

  clickAt(x: number, y: number): Promise<void> {
    return this.page.mouse.click(x, y);
  }

  async press(key: Key): Promise<void> {
    if (key === 'Shift+Tab') {
      await this.page.keyboard.down('Shift');
      await this.page.keyboard.press('Tab');
      await this.page.keyboard.up('Shift');
    } else await this.page.keyboard.press(key === 'Space' ? ' ' : key);
  }

  type(text: string): Promise<void> {
    return this.page.keyboard.type(text);
  }

  close(): Promise<void> {
    return this.onClose();
  }
}

async function firefox(): Promise<Engine> {
  if (!existsSync(FIREFOX)) throw new Error(`Firefox is not at ${FIREFOX}: install Debian's firefox-esr (or set FIREFOX_PATH).`);
  // One browser per JavaScript setting (Firefox has it as a preference), started when first asked for.
  const browsers = new Map<boolean, Promise<FirefoxBrowser>>();
  const browser = (javaScript: boolean) => {
    if (!browsers.has(javaScript)) {
      browsers.set(
        javaScript,
        puppeteer.launch({
          browser: 'firefox',
          executablePath: FIREFOX,
          headless: true,
          // Generous on two busy cores, but bounded.
          timeout: 60_000,
          protocolTimeout: 30_000,
          extraPrefsFirefox: { ...firefoxPrefs, 'javascript.enabled': javaScript },
        }),
      );
    }
    return browsers.get(javaScript)!;
  };
  await browser(true);
  const open: Engine['open'] = async (baseUrl, viewport, { javaScript = true } = {}) => {
    // A context of its own: no cookie or storage from another test.
    const context = await (await browser(javaScript)).createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(viewport);
    return new FirefoxEnginePage(baseUrl, page, () => context.close());
  };
  return {
    name: 'firefox',
    open,
    openSideBySide: separatePages(open),
    async close() {
      await Promise.all([...browsers.values()].map(async (launched) => (await launched).close()));
    },
  };
}

// ---- Chromium over playwright-core ------------------------------------------

class ChromiumEnginePage extends BasePage {
  constructor(
    baseUrl: string,
    private readonly page: ChromiumPage,
    private readonly onClose: () => Promise<void>,
  ) {
    super(baseUrl);
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).href);
  }

  url(): Promise<string> {
    return Promise.resolve(this.page.url());
  }

  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<T> {
    return this.page.evaluate(`(${fn.toString()}).apply(null, ${JSON.stringify(args)})`);
  }

  clickAt(x: number, y: number): Promise<void> {
    return this.page.mouse.click(x, y);
  }

  press(key: Key): Promise<void> {
    return this.page.keyboard.press(key);
  }

  type(text: string): Promise<void> {
    return this.page.keyboard.type(text);
  }

  close(): Promise<void> {
    return this.onClose();
  }
}

async function chromium(): Promise<Engine> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not at ${CHROMIUM}: install Debian's chromium (or set CHROMIUM_PATH).`);
  const browser = await playwrightChromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: playwrightChromiumFlags,
    // No request may leave the machine: everything but loopback goes to a proxy that is not there
    // (a proxy, not request interception, as in the other engines: the back/forward cache stays as a visitor has it).
    proxy: { server: 'http://127.0.0.1:9', bypass: '127.0.0.1' },
  });
  const open: Engine['open'] = async (baseUrl, viewport, { javaScript = true } = {}) => {
    // A context of its own: no cookie or storage from another test.
    const context = await browser.newContext({ viewport, javaScriptEnabled: javaScript });
    const page = await context.newPage();
    return new ChromiumEnginePage(baseUrl, page, () => context.close());
  };
  return { name: 'chromium', open, openSideBySide: separatePages(open), close: () => browser.close() };
}

// ---- WebKit over classic WebDriver ------------------------------------------

const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';

/** WebKitGTK's MiniBrowser, in the multiarch folder of the WebKitGTK library webkit2gtk-driver depends on. */
function miniBrowser(): string | undefined {
  if (process.env.WEBKIT_MINIBROWSER_PATH) return process.env.WEBKIT_MINIBROWSER_PATH;
  const lib = '/usr/lib';
  return readdirSync(lib)
    .flatMap((dir) => ['webkit2gtk-4.1', 'webkitgtk-6.0'].map((api) => join(lib, dir, api, 'MiniBrowser')))
    .find((path) => existsSync(path));
}

function which(command: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => existsSync(join(dir, command)));
}

/**
 * The windows of one WebKit session, which WebDriver drives one at a time: each command goes to its page's window,
 * switched to first when another was the last one driven, and commands from pages side by side take turns.
 */
class SessionWindows {
  private turn: Promise<unknown> = Promise.resolve();
  private open: number;

  constructor(
    private readonly session: WebDriverSession,
    private current: string,
    count: number,
  ) {
    this.open = count;
  }

  run<T>(handle: string, command: (session: WebDriverSession) => Promise<T>): Promise<T> {
    const result = this.turn.then(async () => {
      if (handle !== this.current) {
        await this.session.switchToWindow(handle);
        this.current = handle;
      }
      return command(this.session);
    });
    this.turn = result.catch(() => {});
    return result;
  }

  /** The session ends with the last of its pages. */
  async close(): Promise<void> {
    if (--this.open === 0) await this.session.close();
  }
}

class WebKitEnginePage extends BasePage {
  constructor(
    baseUrl: string,
    private readonly windows: SessionWindows,
    private readonly handle: string,
  ) {
    super(baseUrl);
  }

  private send<T>(command: (session: WebDriverSession) => Promise<T>): Promise<T> {
    return this.windows.run(this.handle, command);
  }

  goto(path: string): Promise<void> {
    return this.send((session) => session.navigate(new URL(path, this.baseUrl).href));
  }

  url(): Promise<string> {
    return this.send((session) => session.url());
  }

  /** The driver's own command: a script in a page WebKit is taking into or out of its back/forward cache may never answer. */
  override traverse(step: 'back' | 'forward'): Promise<void> {
    return this.send((session) => session.traverse(step));
  }

  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<T> {
    return this.send((session) => session.execute<T>(fn.toString(), args));
  }

  clickAt(x: number, y: number): Promise<void> {
    return this.send((session) => session.clickAt(x, y));
  }

  press(key: Key): Promise<void> {
    return this.send((session) =>
      key === 'Shift+Tab' ? session.keys([webDriverKeys.Tab], webDriverKeys.Shift) : session.keys([webDriverKeys[key]]),
    );
  }

  type(text: string): Promise<void> {
    return this.send((session) => session.keys(Array.from(text)));
  }

  close(): Promise<void> {
    return this.windows.close();
  }
}

/**
 * MiniBrowser's toolbar holds its window at 447 px or wider; a GTK style
 * sheet that shrinks the toolbar to nothing lets the page have a phone's width.
 */
const gtkStyle = '* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n';

/** WebKitWebDriver under its own Xvfb (xvfb-run), once it answers: where, and how to end its process group. */
async function startWebKitDriver(config: string) {
  const port = await freePort();
  const driver: ChildProcess = spawn(
    'xvfb-run',
    ['--auto-servernum', '--server-args=-screen 0 1920x1080x24', WEBKIT_DRIVER, `--port=${port}`, '--replace-on-new-session'],
    // A group of its own, so that closing ends Xvfb, the driver and its browsers together.
    // Without a GPU, WebKit's GL compositor runs on Mesa's llvmpipe, a GPU emulated on the CPU; the non-composited
    // mode (what WebKit falls back to without XComposite) is the analogue of Chromium's --disable-gpu (decision 049).
    {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, XDG_CONFIG_HOME: config, WEBKIT_DISABLE_COMPOSITING_MODE: '1' },
    },
  );
  let stderr = '';
  driver.stderr!.on('data', (chunk) => (stderr += chunk));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (driver.pid) process.kill(-driver.pid, signal);
    } catch {
      // The group has ended already.
    }
  };
  const killGroup = () => signalGroup('SIGKILL');
  const exited = new Promise((resolve) => driver.once('exit', resolve));
  process.once('exit', killGroup);
  const failed = (message: string) => {
    killGroup();
    process.off('exit', killGroup);
    return new Error(message);
  };
  const driverUrl = `http://127.0.0.1:${port}`;
  const end = performance.now() + 20_000;
  for (;;) {
    if (driver.exitCode !== null) throw failed(`WebKitWebDriver exited with ${driver.exitCode}: ${stderr}`);
    if (
      await fetch(`${driverUrl}/status`).then(
        (res) => res.ok,
        () => false,
      )
    )
      return { driverUrl, signalGroup, killGroup, exited };
    if (performance.now() > end) throw failed(`WebKitWebDriver did not answer on ${driverUrl}: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function webkit(): Promise<Engine> {
  const browserPath = miniBrowser();
  const missing = [
    !existsSync(WEBKIT_DRIVER) && `WebKitWebDriver (${WEBKIT_DRIVER}): install Debian's webkit2gtk-driver`,
    !browserPath && "MiniBrowser: install Debian's webkit2gtk-driver (it brings the WebKitGTK library that holds it)",
    !which('xvfb-run') && "xvfb-run: install Debian's xvfb and xauth",
  ].filter(Boolean);
  if (missing.length > 0) throw new Error(`WebKit cannot start, missing: ${missing.join('; ')}.`);

  const config = mkdtempSync(join(tmpdir(), 'webkit-gtk-'));
  for (const gtk of ['gtk-3.0', 'gtk-4.0']) {
    mkdirSync(join(config, gtk));
    writeFileSync(join(config, gtk, 'gtk.css'), gtkStyle);
  }
  // Now and then, on a loaded machine, Xvfb or the driver never comes up (seen once in CI): one more start, in a group of its own.
  const { driverUrl, signalGroup, killGroup, exited } = await startWebKitDriver(config).catch((first: unknown) =>
    startWebKitDriver(config).catch((second: unknown) => {
      throw new Error(`${String(second)} (and on the first start: ${String(first)})`);
    }),
  );

  /** A session: a MiniBrowser of its own, with its own cookies and storage. */
  const openSession = async (javaScript: boolean) => {
    const args = [
      '--automation',
      // No request may leave the machine: everything but loopback goes to a proxy that is not there.
      '--proxy=http://127.0.0.1:9',
      '--ignore-host=127.0.0.1',
      // Page scripts off; the driver's own scripts still run.
      ...(javaScript ? [] : ['--enable-javascript-markup=false']),
    ];
    const capabilities = { 'webkitgtk:browserOptions': { binary: browserPath, args } };
    // Now and then a MiniBrowser never reports back to the driver: one more try, replacing the session that hung.
    return WebDriverSession.open(driverUrl, capabilities).catch(() => WebDriverSession.open(driverUrl, capabilities));
  };

  /**
   * Sizes the session's current window so that its page gets `viewport`: the window holds a thin toolbar. A resize
   * takes effect a moment after the driver answers: corrected only by a size that has stopped changing.
   */
  const fitWindow = async (session: WebDriverSession, viewport: Viewport) => {
    const inner = () => session.execute<Viewport>('() => ({ width: innerWidth, height: innerHeight })', []);
    const fits = (size: Viewport) => size.width === viewport.width && size.height === viewport.height;
    let outer = { ...viewport };
    await session.setWindowSize(outer.width, outer.height);
    const end = performance.now() + 10_000;
    for (let seen = await inner(); !fits(seen);) {
      if (performance.now() > end) {
        await session.close();
        throw new Error(`WebKit's viewport stays ${seen.width}×${seen.height}, not the ${viewport.width}×${viewport.height} asked for`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await inner();
      if (now.width === seen.width && now.height === seen.height) {
        outer = { width: outer.width + viewport.width - now.width, height: outer.height + viewport.height - now.height };
        await session.setWindowSize(outer.width, outer.height);
      }
      seen = now;
    }
  };

  /** A session for each page opened. */
  const open: Engine['open'] = async (baseUrl, viewport, { javaScript = true } = {}) => {
    const session = await openSession(javaScript);
    await fitWindow(session, viewport);
    // Its one window is always the current one: no handle is needed to go back to it.
    return new WebKitEnginePage(baseUrl, new SessionWindows(session, 'only', 1), 'only');
  };

  /** The driver holds one session at a time: pages side by side are windows of one session. */
  const openSideBySide: Engine['openSideBySide'] = async (baseUrl, viewport, count) => {
    const session = await openSession(true);
    await fitWindow(session, viewport);
    const handles = [await session.windowHandle()];
    for (let more = 1; more < count; more++) {
      const handle = await session.newWindow();
      await session.switchToWindow(handle);
      await fitWindow(session, viewport);
      handles.push(handle);
    }
    const windows = new SessionWindows(session, handles.at(-1)!, count);
    return handles.map((handle) => new WebKitEnginePage(baseUrl, windows, handle));
  };
  return {
    name: 'webkit',
    open,
    openSideBySide,
    async close() {
      // SIGTERM lets Xvfb remove its lock and socket; a group still there after 5 s is killed.
      signalGroup('SIGTERM');
      const timer = setTimeout(killGroup, 5_000);
      await exited;
      clearTimeout(timer);
      process.off('exit', killGroup);
      rmSync(config, { recursive: true, force: true });
    },
  };
}

/** A request that reached the stand-in for the client portal and the mailing list. */
export interface StandInRequest {
  method: string;
  path: string;
  body: string;
}

/** Answers the forms' endpoints on loopback, as the portal and the mailing list would, and keeps what they were sent. */
async function startStandIn(): Promise<{ url: string; requests: StandInRequest[]; stop: () => Promise<void> }> {
  const requests: StandInRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (req.url !== '/favicon.ico') requests.push({ method: req.method ?? '', path: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Thanks</title><p>Thanks</p>');
    });
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * For an engine test file: the engine, the production server (`site`) and one
 * with analytics configured (`consent`), whose forms post to a stand-in on
 * loopback (`requests`), started before its tests and stopped after them.
 */
export function openSiteInEngine(name: EngineName) {
  const site = {} as { server: RunningServer; consent: RunningServer; engine: Engine; standIn: string; requests: StandInRequest[] };
  let standIn: Awaited<ReturnType<typeof startStandIn>> | undefined;
  beforeAll(async () => {
    standIn = await startStandIn();
    site.standIn = standIn.url;
    site.requests = standIn.requests;
    const env = { CLIENT_PORTAL_URL: standIn.url, NEWSLETTER_ACTION_URL: `${standIn.url}/subscribe/post` };
    [site.server, site.consent] = await Promise.all([startServer(env), startServer({ ...env, GTM_ID: 'GTM-T3ST123' })]);
    site.engine = await { chromium, firefox, webkit }[name]();
  }, 90_000);
  afterAll(async () => {
    await site.engine?.close();
    await Promise.all([site.server?.stop(), site.consent?.stop(), standIn?.stop()]);
  });
  return site;
}

/** Where the focused control sits once the page has stopped scrolling (focusClearance). */
export interface FocusClearance {
  id: string;
  /** Its label's top (the control's, without one) below the header's bottom, in px: negative when covered. */
  belowHeader: number;
  /** The control's bottom above the consent bar's top (the viewport's bottom without a bar), in px. */
  aboveBar: number;
}

/**
 * Resolves once the page has drawn two frames in the same place: the engine's own scroll to what has focus (smooth or
 * not) and focus-clearance's, in the frame after the focus, are over by then. Counted in frames, not milliseconds: on
 * two busy cores a frame can come later than any fixed wait. A page without JavaScript runs no frame callbacks, and
 * nothing of its own scrolls it: there, the same place for half a second.
 */
async function scrollSettled(page: EnginePage): Promise<void> {
  await page.waitFor(() => {
    const w = window as unknown as { settling?: { y: number; frame: number; at: number; frames: number } };
    const settling = w.settling;
    if (!settling) {
      const started = { y: scrollY, frame: 0, at: performance.now(), frames: 0 };
      w.settling = started;
      const count = () => {
        if (w.settling !== started) return;
        started.frames++;
        requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
      return false;
    }
    if (settling.y !== scrollY) Object.assign(settling, { y: scrollY, frame: settling.frames, at: performance.now() });
    else if (settling.frames - settling.frame >= 2 || (settling.frames === 0 && performance.now() - settling.at > 500)) {
      delete w.settling;
      return true;
    }
    return false;
  });
}

/**
 * What `read` gives once the page has stopped scrolling (scrollSettled) and `holds` is true of it, or, after
 * `timeoutMs`, the last reading, for the test to fail on. Two frames in one place cannot tell a scroll that has yet to
 * begin from one that has ended: on a busy host WebKit can draw frames before a smooth scroll it was asked for moves
 * the page (CI run 86). So the page is read again each time it rests, until it rests where `holds` says or the bound
 * passes; a page that comes to rest in the wrong place still fails.
 */
export async function whenSettled<T>(
  page: EnginePage,
  read: () => Promise<T>,
  holds: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  return probeUntil(
    async () => {
      await scrollSettled(page);
      return read();
    },
    holds,
    timeoutMs,
  );
}

const isClear = (seen: FocusClearance) => seen.belowHeader >= 0 && seen.aboveBar >= 0;

/**
 * Once the page rests (whenSettled): how far the focused control's label (or the control, without one) is below the
 * header's bottom, and how far the control's bottom is above the bar's top (the viewport's bottom without a bar).
 */
export async function focusClearance(page: EnginePage): Promise<FocusClearance> {
  const read = () =>
    page.evaluate(() => {
      const focused = document.activeElement!;
      const label = focused.closest('.field')?.querySelector('label') ?? focused;
      // The header's bottom, or the viewport's top when the header has scrolled away.
      const header = Math.max(0, document.querySelector('.site-header')!.getBoundingClientRect().bottom);
      const bar = document.querySelector('.consent-bar');
      const barTop = bar?.getClientRects().length ? bar.getBoundingClientRect().top : innerHeight;
      return {
        id: focused.id,
        belowHeader: Math.round(label.getBoundingClientRect().top - header),
        aboveBar: Math.round(barTop - focused.getBoundingClientRect().bottom),
      };
    });
  return whenSettled(page, read, isClear);
}

/** The focused control's label is below the header, and the control above the bar (focusClearance). */
export function expectFocusClear(seen: FocusClearance): void {
  expect(seen.belowHeader, `${seen.id}'s label under the header`).toBeGreaterThanOrEqual(0);
  expect(seen.aboveBar, `${seen.id} under the bar`).toBeGreaterThanOrEqual(0);
}

/** Reaches for every island and resolves once all are live, the forms and the consent bar among them (see clientReady). */
export async function waitForHydration(page: EnginePage): Promise<void> {
  await page.waitFor(clientReady, true);
}
