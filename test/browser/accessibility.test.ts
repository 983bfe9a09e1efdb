// Accessibility in the browser: axe-core finds no violation of any impact on
// any page at phone and desktop widths, and the structure a keyboard or screen
// reader user relies on is there.
import { describe, expect, it } from 'vitest';
import { notFoundPath } from '../support/pages.js';
import { indexableRoutes } from '../../shared/routes.js';
import { axeViolations } from '../support/axe.js';
import { openPage, openSiteInBrowser, viewports, waitForHydration } from '../support/browser.js';
import { labels } from '../support/labels.js';

const site = openSiteInBrowser();
const paths = [...indexableRoutes().map((route) => route.path), notFoundPath];
describe.each([
  ['phone', viewports.phone],
  ['desktop', viewports.desktop],
])('axe-core at %s width', (_name, viewport) => {
  it.each(paths)('%s has no violations', async (path) => {
    const { page, context } = await openPage(site.browser, site.server.url, viewport);
    await page.goto(path);
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('axe-core with menus and modals open', () => {
  it('finds no violations in the open dropdown, overlay menu and modals', async () => {
    const desktop = await openPage(site.browser, site.server.url, viewports.desktop);
    desktop.page.setDefaultTimeout(5000);
    await desktop.page.goto('/services/shared-hosting');
    await waitForHydration(desktop.page);
    await desktop.page.getByRole('button', { name: labels.header.services }).click();
    expect(await axeViolations(desktop.page)).toEqual([]);
    await desktop.page.keyboard.press('Escape');
    // Search is a button; the contact details a link to the footer's, which the island turns into a dialog.
    for (const [role, button] of [
      ['button', labels.header.search],
      ['link', labels.header.contactDetails],
    ] as const) {
      await desktop.page.getByRole(role, { name: button }).click();
      await desktop.page.locator('dialog[open]').waitFor();
      if (button === labels.header.search) {
        await desktop.page.getByLabel(labels.search.panelField).fill('backup');
        await desktop.page.locator('.search-results a').first().waitFor();
      }
      expect(await axeViolations(desktop.page)).toEqual([]);
      // In a search field the first Escape clears the text, as browsers do; the next closes.
      while (await desktop.page.locator('dialog[open]').count()) await desktop.page.keyboard.press('Escape');
    }
    await desktop.context.close();

    const phone = await openPage(site.browser, site.server.url, viewports.phone);
    await phone.page.goto('/contact');
    await waitForHydration(phone.page);
    await phone.page.getByRole('button', { name: labels.header.openMenu }).click();
    await phone.page.getByRole('dialog', { name: labels.header.menu }).getByRole('button', { name: labels.header.services }).click();
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.page.keyboard.press('Escape');
    await phone.page.getByRole('button', { name: labels.contactForm.send }).click();
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });
});

describe('page structure', () => {
  it.each(paths)('%s has one h1, headings in order, landmarks and a working skip link', async (path) => {
    const { page, context } = await openPage(site.browser, site.server.url, viewports.desktop);
    await page.goto(path);
    await waitForHydration(page);
    const levels = await page.evaluate(() =>
      [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
        .filter((h) => (h as HTMLElement).offsetParent !== null)
        .map((h) => Number(h.tagName[1])),
    );
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => i > 0 && expect(level - levels[i - 1]!).toBeLessThanOrEqual(1));
    for (const role of ['banner', 'main', 'contentinfo'] as const) expect(await page.getByRole(role).count()).toBe(1);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: labels.page.skipLink });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await context.close();
  });

  it.each(['light', 'dark'] as const)(
    'shows a focus indicator on every control, at least 3:1 against what is behind it (%s theme)',
    async (colorScheme) => {
      const { page, context } = await openPage(site.browser, site.server.url, viewports.desktop);
      await page.emulateMedia({ colorScheme });
      await page.goto('/contact');
      await waitForHydration(page);
      const faults: string[] = [];
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => document.activeElement === document.body)) break;
        const ring = await page.evaluate(() => {
          const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
          const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
            const channel = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
            return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
          };
          /** The colour behind an element: the nearest background (a gradient's first colour stop). */
          const behind = (from: Element | null): number[] => {
            for (let el = from; el; el = el.parentElement) {
              const style = getComputedStyle(el);
              const color = rgb(style.backgroundColor);
              if (color.length === 3 || (color.length === 4 && color[3]! > 0.5)) return color;
              const stop = style.backgroundImage.match(/rgba?\([^)]*\)/)?.[0];
              if (stop) return rgb(stop);
            }
            return [255, 255, 255];
          };
          const el = document.activeElement as HTMLElement;
          const style = getComputedStyle(el);
          // An outline drawn outside the element sits on its parent's background; one drawn inside, on its own.
          const around = behind(parseFloat(style.outlineOffset) < 0 ? el : el.parentElement);
          const [light, dark] = [luminance(rgb(style.outlineColor)), luminance(around)].sort((a, b) => b - a);
          return {
            name: `${el.tagName} ${el.textContent?.trim().slice(0, 30) || el.id}`,
            visible: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
            contrast: (light! + 0.05) / (dark! + 0.05),
          };
        });
        if (!ring.visible) faults.push(`${ring.name}: no outline`);
        else if (ring.contrast < 3) faults.push(`${ring.name}: ${ring.contrast.toFixed(2)}:1`);
      }
      expect(faults).toEqual([]);
      await context.close();
    },
  );
});
