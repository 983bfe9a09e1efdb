// What a buyer comparing hosts needs from the pages that sell: prices compared
// a month either way, a comparison table that is readable on a phone and ends
// in an action, the guarantees beside the plans with their terms one click away.
import { describe, expect, it } from 'vitest';
import { business, formatUsd } from '../../shared/content/business.js';
import { planTerms } from '../../shared/content/plan-rows.js';
import { freeMonths, plans } from '../../shared/content/plans.js';
import { contactTopics } from '../../shared/content/forms.js';
import { callToActionOf, sectionOf } from '../../shared/content/markdown.js';
import siteWide from '../../shared/content/site-wide.shared.md';
import faq from '../../shared/pages/shared-hosting/questions.faq.md';
import sharedHosting from '../../shared/pages/shared-hosting/shared-hosting.page.md';
import { loadConfig } from '../../server/config.js';
import { menuRoutes, routeById } from '../../shared/routes.js';
import { openPage, openSiteInBrowser, viewports, waitForHydration } from '../support/browser.js';
import { labels } from '../support/labels.js';
import { fill } from '../../shared/content/labels.js';

const site = openSiteInBrowser();
/** The configuration the site above runs with (the defaults), for the copy's facts and links. */
const config = loadConfig({}).site;

describe('the plans, billed yearly', () => {
  it('show each plan’s price a month, the yearly total and the saving against twelve monthly payments', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.desktop, { javaScriptEnabled: false });
    await page.goto('/services/shared-hosting');
    await page.locator('label[for="billing-yearly"]').click();
    const cards = await page
      .locator('.plan')
      .evaluateAll((all) =>
        all.map((card) =>
          [...card.querySelectorAll('.plan-price, .plan-billed')].filter((p) => p.checkVisibility()).map((p) => p.textContent),
        ),
      );
    expect(cards).toEqual(
      plans.map((plan) => [
        `${formatUsd(plan.yearlyPrice / 12)}${labels.plans.perMonth}`,
        `${fill(labels.plans.billedYearly, { price: formatUsd(plan.yearlyPrice) })} ${fill(labels.plans.saving, {
          saving: formatUsd(plan.monthlyPrice * 12 - plan.yearlyPrice),
          months: freeMonths(plan),
        })}`,
      ]),
    );
    await context.close();
  });
});

describe('the comparison table', () => {
  it('ends with each plan’s Get Started, named for its plan, for the billing period chosen', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.desktop);
    await page.goto('/services/shared-hosting');
    await waitForHydration(page);
    const table = page.getByRole('table', { name: labels.plans.compare });
    const actions = () =>
      table.locator('tfoot a').evaluateAll((links) => links.filter((link) => link.checkVisibility()).map((link) => link.textContent));
    expect(await actions()).toEqual(plans.map((plan) => `${labels.plans.order} ${fill(labels.plans.orderMonthly, { plan: plan.name })}`));
    await page.locator('label[for="billing-yearly"]').click();
    expect(await actions()).toEqual(plans.map((plan) => `${labels.plans.order} ${fill(labels.plans.orderYearly, { plan: plan.name })}`));
    await context.close();
  });

  it.each([320, 375])(
    'is readable whole at %i px: a labelled, focusable region that says it scrolls and scrolls to the last plan',
    async (width) => {
      const { context, page } = await openPage(site.browser, site.server.url, { width, height: 740 });
      await page.goto('/services/shared-hosting');
      await waitForHydration(page);
      const region = page.getByRole('region', { name: labels.plans.compare });
      const overflows = await region.evaluate((box) => box.scrollWidth > box.clientWidth);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (overflows) {
        expect(await page.getByText(labels.plans.scrollHint).isVisible()).toBe(true);
        // A keyboard reaches it and scrolls it with the arrow keys.
        await region.focus();
        for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
        // Keyboard scrolling is animated: wait for the last plan's column to come into the box.
        const lastColumn = page.getByRole('columnheader', { name: plans.at(-1)!.name });
        const regionBox = (await region.boundingBox())!;
        const columnEnd = async () => {
          const column = (await lastColumn.boundingBox())!;
          return column.x + column.width;
        };
        await expect.poll(columnEnd).toBeLessThanOrEqual(regionBox.x + regionBox.width + 1);
      }
      await context.close();
    },
  );
});

describe('the plans’ words a buyer may not know', () => {
  it.each([viewports.phone, viewports.desktop])(
    'are explained in plain sight right under the comparison table that follows the cards, at $width px',
    async (viewport) => {
      const { context, page } = await openPage(site.browser, site.server.url, viewport);
      await page.goto('/services/shared-hosting');
      // The first paragraph after the comparison table (the cards come just before the table).
      const lines = await page.evaluate(() => {
        const table = document.querySelector('.table-scroll')!;
        return [...document.querySelectorAll('main p')]
          .filter((p) => table.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING)
          .slice(0, 1)
          .filter((p) => p.checkVisibility())
          .map((p) => (p as HTMLElement).innerText);
      });
      const text = lines.join(' ');
      // Every word the cards and the table use for the two rows, each said what it is.
      for (const { term, text: meaning } of Object.values(planTerms)) expect(text).toContain(`${term}: ${meaning}`);
      await context.close();
    },
  );
});

describe('the guarantees beside the plans', () => {
  it('link to the clauses of the Terms that define them', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.desktop);
    await page.goto('/services/shared-hosting');
    const refund = page.locator('.pricing').getByRole('link', { name: `${business.refundDays}-day money-back guarantee` });
    const uptime = page
      .locator('.pricing')
      .getByRole('link', { name: new RegExp(`^${business.uptimeGuarantee.replace('.', '\\.')} uptime`) });
    expect(await refund.getAttribute('href')).toBe('/terms#refunds');
    expect(await uptime.getAttribute('href')).toBe('/terms#uptime-and-sla');
    await uptime.click();
    await page.waitForURL('**/terms#uptime-and-sla');
    expect(await page.locator('#uptime-and-sla').textContent()).toContain('Uptime guarantee and SLA credit');
    await context.close();
  });
});

describe('the shared hosting banner', () => {
  it('jumps to the plans, which a phone visitor otherwise reaches thousands of pixels down', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.phone);
    await page.goto('/services/shared-hosting');
    await page.getByRole('link', { name: sharedHosting.head.bannerLink!.label }).click();
    await page.waitForURL('**#pricing');
    // The page scrolls there smoothly: wait for it to arrive.
    const top = async () => (await page.getByRole('heading', { name: sectionOf(sharedHosting, 'pricing').title }).boundingBox())!.y;
    await expect.poll(top).toBeLessThan(viewports.phone.height / 2);
    expect(await top()).toBeGreaterThanOrEqual(0);
    await context.close();
  });
});

describe('the frequently asked questions', () => {
  it('open and close without JavaScript, from the keyboard', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.phone, { javaScriptEnabled: false });
    await page.goto('/services/shared-hosting#faq');
    const question = page.getByText('Can I get my money back?');
    const answer = page.getByText(`Cancel within the first ${business.refundDays} days`);
    expect(await answer.isVisible()).toBe(false);
    await question.focus();
    await page.keyboard.press('Enter');
    expect(await answer.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await answer.isVisible()).toBe(false);
    await context.close();
  });
});

describe('the phone menu', () => {
  it('opens without JavaScript, with every page, the Client Login and a call to support', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, viewports.phone, { javaScriptEnabled: false });
    await page.goto('/about');
    // A native disclosure's <summary>, the only menu control shown: the script's button is hidden.
    const toggle = page.getByLabel(labels.header.openMenu);
    expect(await toggle.evaluateAll((all) => all.filter((control) => control.checkVisibility()).map((control) => control.tagName))).toEqual(
      ['SUMMARY'],
    );
    await toggle.filter({ visible: true }).click();
    const menu = page.getByRole('navigation', { name: labels.header.phoneMenu });
    expect(await menu.isVisible()).toBe(true);
    // The services are a native group inside the menu, closed away from the services pages.
    expect(await menu.getByRole('link', { name: routeById('shared-hosting').label }).isVisible()).toBe(false);
    await menu.getByText(labels.header.services, { exact: true }).click();
    const links = await menu.getByRole('link').allTextContents();
    for (const route of [...menuRoutes('main'), ...menuRoutes('services')]) expect(links).toContain(route.label);
    expect(await menu.getByRole('link', { name: labels.header.clientLogin }).getAttribute('href')).toBe(
      'https://portal.example.com/clientarea.php',
    );
    expect(await menu.getByRole('link', { name: fill(labels.header.call, { phone: config.supportPhone }) }).getAttribute('href')).toBe(
      'tel:+15550100100',
    );
    await menu.getByRole('link', { name: routeById('shared-hosting').label }).click();
    await page.waitForURL('**/services/shared-hosting');
    await context.close();
  });

  it('is the island’s modal menu once JavaScript runs, with one menu button and the same call to support', async () => {
    const { context, page, problems } = await openPage(site.browser, site.server.url, viewports.phone);
    await page.goto('/about');
    await waitForHydration(page);
    expect(await page.getByRole('button', { name: labels.header.openMenu }).count()).toBe(1);
    await page.getByRole('button', { name: labels.header.openMenu }).click();
    const menu = page.getByRole('dialog', { name: labels.header.menu });
    expect(await menu.getByRole('link', { name: fill(labels.header.call, { phone: config.supportPhone }) }).isVisible()).toBe(true);
    expect(problems.list).toEqual([]);
    await context.close();
  });
});

describe('calls to action with a topic', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`land on the contact form with the topic filled, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async () => {
      const { context, page } = await openPage(site.browser, site.server.url, viewports.desktop, { javaScriptEnabled });
      for (const [from, action, topic] of [
        ['/services/shared-hosting', callToActionOf(sectionOf(siteWide, 'migration'), config).actionLabel, contactTopics.migration.message],
        [
          '/services/shared-hosting',
          callToActionOf(sectionOf(sharedHosting, 'cloud-compute'), config).actionLabel,
          contactTopics.cloudCompute.message,
        ],
      ] as const) {
        await page.goto(from);
        if (javaScriptEnabled) await waitForHydration(page);
        await page.getByRole('link', { name: action }).click();
        await page.waitForURL('**/contact#topic-*');
        if (javaScriptEnabled) await waitForHydration(page);
        // One form shows: the topic's, its message started, and it is in view.
        const forms = page.locator('form.contact-form');
        const shown = await forms.evaluateAll((all) => all.filter((form) => form.checkVisibility()).length);
        expect(shown).toBe(1);
        const message = page.getByRole('textbox', { name: /Message/ }).filter({ visible: true });
        expect(await message.inputValue()).toBe(topic);
        await expect.poll(() => message.isVisible()).toBe(true);
        // The page scrolls to the form smoothly: wait for it to arrive.
        await expect.poll(() => message.evaluate((field) => field.getBoundingClientRect().top < window.innerHeight)).toBe(true);
      }
      // Without a topic in the address, the general form, empty.
      await page.goto('/contact');
      expect(
        await page
          .getByRole('textbox', { name: /Message/ })
          .filter({ visible: true })
          .inputValue(),
      ).toBe('');
      await context.close();
    });
  }
});

describe('the site search, typed into', () => {
  /** The home page on a desktop, its search opened from the header and the query typed in. */
  async function searchTheSite(query: string) {
    const opened = await openPage(site.browser, site.server.url, viewports.desktop);
    await opened.page.goto('/');
    await waitForHydration(opened.page);
    await opened.page.getByRole('button', { name: labels.header.search }).click();
    await opened.page.getByLabel(labels.search.panelField).fill(query);
    return opened;
  }

  it.each([
    ['vps', '/services/shared-hosting#pricing', sectionOf(sharedHosting, 'pricing').title],
    ['domain', '/services/shared-hosting#hosting-features', sectionOf(sharedHosting, 'hosting-features').title],
    ['refund', '/services/shared-hosting#faq-refund', faq.questions.find(({ id }) => id === 'faq-refund')!.title],
  ])('"%s" lists %s first, with its page, section and a snippet marking the words found', async (query, path, section) => {
    const { context, page } = await searchTheSite(query);
    const first = page.locator('.search-results a').first();
    await first.waitFor();
    expect(await first.getAttribute('href')).toBe(path);
    expect(await first.locator('.search-result-title').textContent()).toBe(section);
    expect(await first.locator('.search-result-page').textContent()).toBe('Shared Hosting');
    expect(await first.locator('.search-result-snippet mark').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('offers the search page, with its contact options, when nothing matches', async () => {
    const { context, page } = await searchTheSite('kubernetes');
    await page.getByRole('status').filter({ hasText: '0 results' }).waitFor();
    expect(
      await page
        .getByRole('dialog', { name: labels.header.searchTitle })
        .getByRole('link', { name: labels.search.nothingLink })
        .getAttribute('href'),
    ).toBe('/search?q=kubernetes');
    await context.close();
  });
});
