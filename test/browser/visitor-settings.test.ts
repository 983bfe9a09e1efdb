// What visitors' own settings get: a dark system theme, a larger text size,
// and a layout still deliberate (no two grey sections merging; cards in even
// rows at every width are test/browser/copy-layout.test.ts's).
import { describe, expect, it } from 'vitest';
import { notFoundPath } from '../support/pages.js';
import { indexableRoutes } from '../../shared/routes.js';
import { axeViolations } from '../support/axe.js';
import { openPage, openSiteInBrowser, viewports, waitForHydration } from '../support/browser.js';
import { labels } from '../support/labels.js';

const site = openSiteInBrowser();
const paths = [...indexableRoutes().map((route) => route.path), notFoundPath];

/** Relative luminance (WCAG) of a computed `rgb(...)` colour. */
function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('with a dark system theme', () => {
  it.each(paths)('%s is light text on a dark page, and axe finds nothing at phone and desktop widths', async (path) => {
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const { context, page } = await openPage(site.browser, site.server.url, viewport, { colorScheme: 'dark' });
      await page.goto(path);
      await waitForHydration(page);
      const colours = await page.evaluate(() => {
        const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
        const field = document.querySelector('main input:not([type="hidden"]), footer input:not([type="hidden"])');
        return {
          page: style('body').backgroundColor,
          text: style('body').color,
          heading: style('h1').color,
          header: style('.site-header').backgroundColor,
          field: field ? getComputedStyle(field).backgroundColor : 'rgb(0, 0, 0)',
          scheme: style('html').colorScheme,
        };
      });
      expect(luminance(colours.page), `page ${colours.page}`).toBeLessThan(0.02);
      expect(luminance(colours.header), `header ${colours.header}`).toBeLessThan(0.02);
      expect(luminance(colours.field), `form field ${colours.field}`).toBeLessThan(0.05);
      expect(luminance(colours.text), `text ${colours.text}`).toBeGreaterThan(0.7);
      expect(luminance(colours.heading), `heading ${colours.heading}`).toBeGreaterThan(0.45);
      // Form controls and scrollbars follow the theme too.
      expect(colours.scheme).toBe('light dark');
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it.each(paths)('%s does not scroll sideways at 320 px', async (path) => {
    const { context, page } = await openPage(site.browser, site.server.url, { width: 320, height: 640 }, { colorScheme: 'dark' });
    await page.goto(path);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await context.close();
  });

  it('keeps the menus, modals and form messages readable: axe finds nothing with each open', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.desktop, { colorScheme: 'dark' });
    page.setDefaultTimeout(5000);
    await page.goto('/services/shared-hosting');
    await waitForHydration(page);
    await page.getByRole('button', { name: labels.header.services }).click();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: labels.header.contactDetails }).click();
    await page.locator('dialog[open]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: /Yearly/ }).check({ force: true });
    await page.goto('/contact');
    await waitForHydration(page);
    await page.getByRole('button', { name: labels.contactForm.send }).click();
    await page.locator('.field-error').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it.each(['/services/shared-hosting', '/about', '/services/custom-development'])(
    '%s: draws its illustrations in dark colours on the page’s own background, with no bright plate, the shapes standing out',
    async (path) => {
      // Reduced motion: the still, the same drawing the player starts from.
      const { context, page } = await openPage(site.browser, site.server.url, viewports.desktop, {
        colorScheme: 'dark',
        reducedMotion: 'reduce',
      });
      await page.goto(path);
      const figures = page.locator('.animation');
      const seen: string[] = [];
      for (let at = 0; at < (await figures.count()); at++) {
        const figure = figures.nth(at);
        if (!(await figure.isVisible())) continue;
        await figure.scrollIntoViewIfNeeded();
        await figure.locator('img').evaluate((image: HTMLImageElement) => image.decode());
        expect(await figure.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
        // The background the figure stands on: its nearest ancestor's that paints one.
        const background = await figure.evaluate((element) => {
          for (let at = element.parentElement; at; at = at.parentElement) {
            const colour = getComputedStyle(at).backgroundColor;
            if (colour !== 'rgba(0, 0, 0, 0)') return colour;
          }
          return getComputedStyle(document.documentElement).backgroundColor;
        });
        // The figure as painted (filters and all), read back pixel by pixel.
        const shot = (await figure.screenshot()).toString('base64');
        const colours = await page.evaluate(async (png) => {
          const image = new Image();
          image.src = `data:image/png;base64,${png}`;
          await image.decode();
          const canvas = new OffscreenCanvas(image.width, image.height);
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          const data = context.getImageData(0, 0, image.width, image.height).data;
          return Array.from({ length: data.length / 4 }, (_, i) => `rgb(${data[i * 4]}, ${data[i * 4 + 1]}, ${data[i * 4 + 2]})`);
        }, shot);
        const ratio = (a: string, b: string) => {
          const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
          return (high! + 0.05) / (low! + 0.05);
        };
        const share = (test: (colour: string) => boolean) => colours.filter(test).length / colours.length;
        // Most of the figure is the page's own background (a plate was all of it, at luminance 0.85).
        expect(
          share((colour) => ratio(colour, background) < 1.1),
          `${path} #${at}: page background`,
        ).toBeGreaterThan(0.4);
        expect(
          share((colour) => luminance(colour) > 0.6),
          `${path} #${at}: bright`,
        ).toBeLessThan(0.25);
        // And the drawing stands out from it: most of what it paints at 3:1 or more (WCAG's contrast for graphics).
        const drawn = share((colour) => ratio(colour, background) >= 1.1);
        expect(share((colour) => ratio(colour, background) >= 3) / drawn, `${path} #${at}: contrasting`).toBeGreaterThan(0.5);
        seen.push(path);
      }
      expect(seen.length).toBeGreaterThan(0);
      await context.close();
    },
  );
});

describe('with the browser’s text size at 200%', () => {
  it.each(paths)('%s does not scroll sideways at 1280 px, and the header’s links stay on screen', async (path) => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.desktop, { textSize: 2 });
    await page.goto(path);
    await waitForHydration(page);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    const offScreen = await page.locator('.site-header a, .site-header button').evaluateAll((controls) =>
      controls
        .filter((control) => control.checkVisibility())
        .filter((control) => {
          const box = control.getBoundingClientRect();
          return box.left < 0 || box.right > window.innerWidth;
        })
        .map((control) => control.textContent || control.getAttribute('aria-label')),
    );
    expect(offScreen).toEqual([]);
    // Every page can still be navigated: the menu button is there when the links are not.
    expect(
      (await page.getByRole('navigation', { name: labels.header.mainMenu }).isVisible()) ||
        (await page.getByRole('button', { name: labels.header.openMenu }).isVisible()),
    ).toBe(true);
    await context.close();
  });
});

describe('layouts that look deliberate', () => {
  it.each(paths)('%s never puts two grey sections one after the other', async (path) => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.desktop);
    await page.goto(path);
    const backgrounds = await page
      .locator('main > *')
      .evaluateAll((sections) => sections.map((section) => getComputedStyle(section).backgroundColor));
    const grey = 'rgb(241, 245, 249)';
    backgrounds.forEach((background, i) => {
      if (i > 0 && background === grey) expect(backgrounds[i - 1], `sections ${i - 1} and ${i}`).not.toBe(grey);
    });
    await context.close();
  });

  it('keeps the brand name on one line beside the header’s buttons down to 320 px', async () => {
    for (const width of [320, 375]) {
      const { context, page } = await openPage(site.browser, site.server.url, { width, height: 640 });
      await page.goto('/');
      const name = await page.locator('.site-header .brand span').evaluate((brand) => ({
        lines: Math.round(brand.getBoundingClientRect().height / parseFloat(getComputedStyle(brand).lineHeight)),
        // Cut off by its ellipsis, it would be wider inside than its box.
        whole: brand.scrollWidth <= brand.clientWidth,
      }));
      expect(name, `at ${width} px`).toEqual({ lines: 1, whole: true });
      await context.close();
    }
  });

  it('shows one illustration above the text of Custom Development on a phone, not three', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.phone);
    await page.goto('/services/custom-development');
    const shown = await page
      .locator('.animation-row .animation')
      .evaluateAll((all) => all.filter((figure) => figure.checkVisibility()).length);
    expect(shown).toBe(1);
    await context.close();
  });
});
