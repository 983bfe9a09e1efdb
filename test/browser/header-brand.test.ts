// The company's name is what a visitor came for: with a 30-character brand
// (BRAND_NAME is configuration) it is whole at every width from 320 to 1920 px,
// never cut by an ellipsis or pushed off the header by its buttons.
import { describe, expect, it } from 'vitest';
import { openPage, openSiteInBrowser } from '../support/browser.js';

const brand = 'Northwind Cloud Hosting Studio';
const site = openSiteInBrowser({ BRAND_NAME: brand });

const widths = [320, 360, 375, 412, 576, 768, 992, 1024, 1280, 1440, 1920];

describe('the brand name in the header', () => {
  it('is 30 characters long in this test', () => {
    expect(brand).toHaveLength(30);
  });

  it.each(widths)('is whole at %i px', async (width) => {
    const { context, page } = await openPage(site.browser, site.server.url, { width, height: 800 });
    await page.goto('/');
    const name = page.locator('.site-header .brand span');
    expect(await name.innerText()).toBe(brand);
    const fits = await name.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const header = element.closest('.header-bar')!.getBoundingClientRect();
      const overlaps = [...document.querySelectorAll('.header-actions > *, .nav-desktop')].some((other) => {
        const them = other.getBoundingClientRect();
        return them.width > 0 && them.left < box.right && them.right > box.left && them.top < box.bottom && them.bottom > box.top;
      });
      return {
        clipped: element.scrollWidth > element.clientWidth,
        inside: box.left >= header.left && box.right <= header.right,
        overlaps,
      };
    });
    expect(fits).toEqual({ clipped: false, inside: true, overlaps: false });
    await context.close();
  });
});
