// A first paint draws with the rules inlined in <head> (scripts/first-paint-styles.tsx) while the whole stylesheet,
// which each page links right after its first section, is still on its way: every element before that link (the
// consent bar, the header, the heading, the first section), with its ::before and ::after, must then look as the whole
// stylesheet makes it look. Compared in Chromium, property by property, with the stylesheet's request held and
// once it has loaded: on every route, the search page's results too, the header's disclosures opened, in the defaults and with analytics on, on a phone
// (light and dark) and a desktop.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { routeById } from '../../shared/routes.js';
import { browserPaths } from '../support/pages.js';
import { openPage, openSiteInBrowser, viewports } from '../support/browser.js';

const defaults = openSiteInBrowser();
const analytics = openSiteInBrowser({ GTM_ID: 'GTM-F1RSTPA1NT' });

const paths = [
  ...browserPaths,
  // Results for a word of a page's title, and none.
  `/search?q=${encodeURIComponent(routeById('shared-hosting').meta.title.split(/\s+/)[0]!)}`,
  '/search?q=qqqqqq',
];

const looks = [
  { name: 'phone, light', viewport: viewports.phone, colorScheme: 'light' },
  { name: 'phone, dark', viewport: viewports.phone, colorScheme: 'dark' },
  { name: 'desktop, light', viewport: viewports.desktop, colorScheme: 'light' },
] as const;

/**
 * Every element before the page's stylesheet link that a first paint can show, with its ::before and ::after (when
 * drawn): how it looks now, property by property. The link's ancestors' sizes are left out: what follows the link
 * makes them. Kept in the page, where the next call compares against it, so that only what differs leaves it.
 *
 * The properties read are those the page's styles declare (the whole stylesheet's, `wholeStylesheet`, the inlined
 * rules and style attributes), longhands and custom properties: only the stylesheet differs between the two looks,
 * so a property no rule declares computes the same in both, and one computed from another (a border's width from its
 * style, a colour from `color`) differs only with that other, which is read.
 */
function lookDifferences({ loaded, wholeStylesheet }: { loaded: boolean; wholeStylesheet: string }): string[] {
  const link = document.querySelector('body link[rel="stylesheet"]');
  if (!link) return ['no stylesheet link in the body'];
  const declared = new Set<string>();
  const collect = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule) for (const property of rule.style) declared.add(property);
      if ('cssRules' in rule) collect(rule.cssRules as CSSRuleList);
    }
  };
  const whole = new CSSStyleSheet();
  whole.replaceSync(wholeStylesheet);
  for (const sheet of [whole, ...document.styleSheets]) collect(sheet.cssRules);
  for (const element of document.querySelectorAll<HTMLElement>('[style]')) for (const property of element.style) declared.add(property);
  const geometry = new Set(['height', 'block-size', 'grid-template-rows', 'perspective-origin', 'transform-origin']);
  const shown = [...document.body.querySelectorAll('*')].filter(
    (element) => link.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING && !element.closest('dialog'),
  );
  const looks = shown.map((element) => {
    const style = new Map<string, string>();
    // Where it is drawn, rather than its margins: Chromium reports an auto margin of a flex item as 0 or as its used
    // size depending on how the page was laid out last, for the same drawing.
    const box = element.getBoundingClientRect();
    style.set('box', [box.left, box.top + scrollY, box.width, element.contains(link) ? '' : box.height].join(' '));
    for (const pseudo of ['', '::before', '::after']) {
      const computed = getComputedStyle(element, pseudo || null);
      if (pseudo && computed.content === 'none') continue;
      for (const property of declared)
        if (!property.startsWith('margin') && !(element.contains(link) && geometry.has(property)))
          style.set(`${pseudo}${property}`, computed.getPropertyValue(property));
    }
    return style;
  });
  const store = window as unknown as { firstPaintLooks?: Map<string, string>[] };
  if (!loaded) {
    store.firstPaintLooks = looks;
    return shown.length > 20 ? [] : [`only ${shown.length} elements before the stylesheet link`];
  }
  const name = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList].map((c) => `.${c}`).join('')}`;
  const alone = store.firstPaintLooks!;
  if (alone.length !== looks.length) return [`${alone.length} elements, then ${looks.length}`];
  return looks.flatMap((whole, index) =>
    [...new Set([...whole.keys(), ...alone[index]!.keys()])]
      .filter((property) => whole.get(property) !== alone[index]!.get(property))
      .map(
        (property) =>
          `${name(shown[index]!.parentElement!)} > ${name(shown[index]!)} ${property}: ${alone[index]!.get(property)} (whole stylesheet: ${whole.get(property)})`,
      ),
  );
}

/** The stylesheet the page links, fetched past the page's hold on it. */
async function stylesheetOf(page: Page, baseUrl: string): Promise<string> {
  const href = await page.evaluate(() => document.querySelector<HTMLLinkElement>('body link[rel="stylesheet"]')!.href);
  const response = await fetch(new URL(new URL(href).pathname, baseUrl));
  expect(response.status).toBe(200);
  return response.text();
}

describe.each([
  { config: 'defaults', site: defaults },
  { config: 'analytics on', site: analytics },
])('$config: the first paint looks as the whole stylesheet makes it look', ({ site }) => {
  it.each(looks)(
    '$name',
    async ({ viewport, colorScheme }) => {
      const differences: string[] = [];
      let wholeStylesheet: string | undefined;
      const { context, page } = await openPage(site.browser, site.server.url, viewport, { colorScheme });
      // As the first paint is: the document's own scripts run (the consent script marks <html>), no island upgraded.
      await page.route(/\/assets\/[\w-]+\.js$/, () => new Promise(() => {}));
      // The stylesheet's request is held until the first paint's look is taken, then answered.
      let release = () => {};
      let held = Promise.resolve();
      await page.route(/\/assets\/site-\w+\.css$/, async (route) => {
        await held;
        await route.continue();
      });
      // Each page as it opens, and the header's disclosures (its menus without a script) opened, as a tap opens them
      // as soon as they are drawn: the header is the same on every page.
      for (const [path, opened] of [...paths.map((path) => [path, false] as const), ['/', true] as const]) {
        held = new Promise<void>((resolve) => (release = resolve));
        // Parsed up to the stylesheet link, while the stylesheet is held (Chromium parses no further until it loads).
        await page.goto(path, { waitUntil: 'commit' });
        await page.waitForFunction(() => document.querySelector('body link[rel="stylesheet"]'));
        if (opened) await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)));
        wholeStylesheet ??= await stylesheetOf(page, site.server.url);
        differences.push(
          ...(await page.evaluate(lookDifferences, { loaded: false, wholeStylesheet })).map((difference) => `${path}: ${difference}`),
        );
        release();
        await page.waitForFunction(() => document.querySelector<HTMLLinkElement>('body link[rel="stylesheet"]')!.sheet);
        differences.push(
          ...(await page.evaluate(lookDifferences, { loaded: true, wholeStylesheet })).map((difference) => `${path}: ${difference}`),
        );
      }
      await context.close();
      expect(differences.slice(0, 40)).toEqual([]);
    },
    180_000,
  );
});
