// How the copy is laid out, on every page from the smallest phone (320 px) to a
// wide desktop: no heading or eyebrow of two words or more leaves a word alone
// on a line or a separator at a line's end or start, no button or pill-shaped
// link wraps (its arrow pushed away from its text), every grid of cards has as
// many cards on its last row as on its first, the plan cards' feature lines
// wrap at most once on a tablet, and the yearly saving reads on one line on a
// desktop. What a copy edit can break by its length alone, so npm run
// test:content runs it. With it, that a page's text is set in at most the type
// scale's number of fonts (decision 047). Each page is loaded once and laid
// out at each width in turn (a resize lays out as a load at that width does),
// the pages side by side.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { indexableRoutes } from '../../shared/routes.js';
import { openPage, openSiteInBrowser } from '../support/browser.js';
import { labels } from '../support/labels.js';
import { fill } from '../../shared/content/labels.js';
import { formatUsd } from '../../shared/content/business.js';
import { freeMonths, plans, yearlySaving } from '../../shared/content/plans.js';
import { budgets } from '../../scripts/budgets.js';

const site = openSiteInBrowser();

const widths = [320, 360, 375, 412, 768, 1280, 1920];
const paths = [...indexableRoutes().map((route) => route.path), '/not-a-page'];

/** A word as laid out: its text and its width in CSS pixels. */
interface Word {
  text: string;
  width: number;
}

/** One element's lines: the words of each, the width they are set in, and a space's width. */
interface Layout {
  width: number;
  space: number;
  lines: Word[][];
}

/** Each element's text as the browser lays it out: the words of each line, placed by the text's own ranges, and the element's content width. */
function layoutOf(locator: Locator): Promise<Layout[]> {
  return locator.evaluateAll((elements) =>
    elements
      .filter((element) => element.checkVisibility())
      .map((element) => {
        const lines: { top: number; words: Word[] }[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // Text the visitor cannot see (an accessible name's extra words) has no line.
          if (!node.parentElement?.checkVisibility() || node.parentElement.closest('.visually-hidden')) continue;
          for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const box = range.getClientRects()[0];
            if (!box) continue;
            const word = { text: match[0], width: box.width };
            const line = lines.find((candidate) => Math.abs(candidate.top - box.top) < box.height / 2);
            if (line) line.words.push(word);
            else lines.push({ top: box.top, words: [word] });
          }
        }
        const style = getComputedStyle(element);
        const width = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const sorted = lines.sort((a, b) => a.top - b.top).map((line) => line.words);
        // One line breaks nowhere; measuring a space costs a layout of the page, twice.
        if (sorted.length < 2) return { width, space: 0, lines: sorted };
        // A space as this element sets it (letter spacing included), for telling whether two words would share a line.
        const probe = document.createElement('span');
        probe.textContent = 'x x';
        element.append(probe);
        const spaced = probe.getBoundingClientRect().width;
        probe.textContent = 'xx';
        const space = spaced - probe.getBoundingClientRect().width;
        probe.remove();
        return { width, space, lines: sorted };
      }),
  );
}

/** Each element's lines, as the words of each. */
async function linesOf(locator: Locator): Promise<string[][][]> {
  return (await layoutOf(locator)).map(({ lines }) => lines.map((line) => line.map((word) => word.text)));
}

/** A separator between items: "·", "|", "•", "/", "–", "—". */
const separator = (token: string) => /^[·|•/–—]+$/u.test(token);

/**
 * What is wrong with one heading's lines, if anything: a separator left at a
 * line's end or start, or, in a heading of two words or more, a word alone on
 * a line. A word may stand alone only where it cannot help it: it and the
 * word beside it on the next or previous line are, with a space, wider than
 * the heading (a single long word on a narrow phone).
 */
function badBreaks({ width, space, lines }: Layout): string | undefined {
  if (lines.length < 2) return undefined;
  const shown = lines.map((line) => line.map((word) => word.text).join(' ')).join(' / ');
  if (lines.some((line) => separator(line[0]!.text) || separator(line.at(-1)!.text)))
    return `a separator at a line's end or start: ${shown}`;
  const fits = (a: Word | undefined, b: Word | undefined) => a !== undefined && b !== undefined && a.width + space + b.width <= width;
  const alone = lines.findIndex((line, index) => {
    const words = line.filter((word) => !separator(word.text));
    return words.length === 1 && (fits(lines[index - 1]?.at(-1), words[0]) || fits(words[0], lines[index + 1]?.[0]));
  });
  return alone >= 0 ? `a word alone on a line: ${shown}` : undefined;
}

/** What is wrong with the page's line breaks at its current width. */
async function lineBreakProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const heading of await layoutOf(page.locator('main h1, main h2, main h3, main .eyebrow'))) {
    const problem = badBreaks(heading);
    if (problem) problems.push(problem);
  }
  for (const lines of await linesOf(page.locator('.button')))
    if (lines.length > 1) problems.push(`the button "${lines.flat().join(' ')}" wraps onto ${lines.length} lines`);
  // The arrow stays beside its text: the icon is on the text's line.
  const arrows = await page.locator('a.button:has(svg)').evaluateAll((links) =>
    links
      .filter((link) => link.checkVisibility())
      .flatMap((link) => {
        const icon = link.querySelector('svg')!.getBoundingClientRect();
        const text = [...link.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())
          .flatMap((node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            return [...range.getClientRects()];
          });
        const apart = text.every((box) => icon.top >= box.bottom || icon.bottom <= box.top);
        return apart ? [(link.textContent ?? '').trim()] : [];
      }),
  );
  for (const label of arrows) problems.push(`the arrow of "${label}" is off its text's line`);
  return problems;
}

/**
 * The fonts the page's visible text is set in at its current width: each distinct family, size, weight and style is
 * one the browser looks up and sets up before it lays out text in it, a cost of its own on a first load (decision 047).
 */
async function fontsInUse(page: Page): Promise<string[]> {
  const fonts = await page.evaluate(() => {
    const used = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!node.textContent?.trim() || !element?.checkVisibility()) continue;
      const style = getComputedStyle(element);
      used.add(`${style.fontSize} ${style.fontWeight} ${style.fontStyle} ${style.fontFamily}`);
    }
    return [...used];
  });
  return fonts.sort();
}

/** Every grid of cards whose last row holds fewer or more cards than its first, at the page's current width. */
async function unevenGrids(page: Page): Promise<string[]> {
  const grids = await page.locator('main ul, main ol, main dl').evaluateAll((lists) =>
    lists
      .filter((list) => getComputedStyle(list).display === 'grid' && list.children.length > 1 && list.checkVisibility())
      .map((list) => {
        const perRow = new Map<number, number>();
        for (const item of list.children) {
          const top = Math.round(item.getBoundingClientRect().top);
          perRow.set(top, (perRow.get(top) ?? 0) + 1);
        }
        return { list: list.getAttribute('class'), rows: [...perRow.values()] };
      }),
  );
  return grids.filter(({ rows }) => rows.at(-1) !== rows[0]).map(({ list, rows }) => `the grid ${list}: ${rows.join(' + ')} cards a row`);
}

describe.concurrent('every page, at every width from 320 to 1920 px', () => {
  it.each(paths)(
    '%s: no heading or eyebrow leaves a single word or a separator alone on a line, no button wraps, every grid of cards ends on a full row, the text is in few fonts',
    async (path) => {
      const { context, page } = await openPage(site.browser, site.server.url, { width: widths[0]!, height: 800 });
      await page.goto(path);
      const problems: string[] = [];
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        for (const problem of [...(await lineBreakProblems(page)), ...(await unevenGrids(page))])
          problems.push(`at ${width} px: ${problem}`);
        const fonts = await fontsInUse(page);
        if (fonts.length > budgets.fontsPerPage)
          problems.push(
            `at ${width} px: text in ${fonts.length} fonts (${fonts.join('; ')}), over the type scale's ${budgets.fontsPerPage}`,
          );
      }
      expect(problems).toEqual([]);
      await context.close();
    },
    60_000,
  );
});

describe('the plans', () => {
  it('at 768 px: each feature line of the three cards wraps at most once', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, { width: 768, height: 1024 });
    await page.goto('/services/shared-hosting');
    const features = await linesOf(page.locator('.plans .plan-features li'));
    expect(features.length).toBeGreaterThanOrEqual(9);
    expect(features.filter((lines) => lines.length > 2).map((lines) => lines.map((line) => line.join(' ')).join(' / '))).toEqual([]);
    await context.close();
  });

  it('at 1280 px: the yearly saving of each plan reads on one line', async () => {
    const { context, page } = await openPage(site.browser, site.server.url, { width: 1280, height: 900 });
    await page.goto('/services/shared-hosting');
    await page.locator('label[for="billing-yearly"]').click();
    const notes = await linesOf(page.locator('.plans .cycle-yearly .plan-billed'));
    expect(notes).toHaveLength(3);
    notes.forEach((lines, index) => {
      const plan = plans[index]!;
      // "Save $24 (2 months free)" whole on its line.
      const saving = fill(labels.plans.saving, { saving: formatUsd(yearlySaving(plan)), months: freeMonths(plan) });
      expect(
        lines.some((line) => line.join(' ').endsWith(saving)),
        lines.join(' / '),
      ).toBe(true);
    });
    await context.close();
  });
});
