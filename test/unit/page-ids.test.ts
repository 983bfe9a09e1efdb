import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBannerTarget, checkIdsUnique, idClashes } from '../../server/page-ids.js';

const scratch = mkdtempSync(join(tmpdir(), 'page-ids-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('ids on a page', () => {
  it('finds each id given to more than one element, and no other attribute that ends in id', () => {
    const html =
      '<main id="main"><h2 id="faq">Q</h2><div data-id="faq" aria-labelledby="faq"></div><p id="faq"></p><a id="main"></a></main>';
    expect(idClashes(html)).toEqual([
      { id: 'main', count: 2 },
      { id: 'faq', count: 2 },
    ]);
    expect(idClashes('<p id="one"></p><p id="two"></p>')).toEqual([]);
  });

  it('refuses a clash naming the page and the id', () => {
    const folder = join(scratch, 'no-such-folder');
    expect(() => checkIdsUnique('/about', '<p id="x"></p><p id="x"></p>', folder)).toThrow('/about: "x" is on 2 elements.');
    expect(() => checkIdsUnique('/about', '<p id="x"></p>', folder)).not.toThrow();
  });

  it("names the Markdown file and line that set the id, among the page's files, and no longer id it begins", () => {
    const folder = join(scratch, 'about');
    mkdirSync(folder);
    writeFileSync(join(folder, 'about.page.md'), '---\n---\n\n## Who we are {#main}\n\nText.\n\n## More {#main-points}\n');
    writeFileSync(join(folder, 'questions.faq.md'), '## Why? {#main icon=chat}\n\nBecause.\n');
    writeFileSync(join(folder, 'notes.txt'), '{#main}\n');
    expect(() => checkIdsUnique('/about', '<main id="main"></main><h2 id="main"></h2>', folder)).toThrow(
      `/about: "main" is on 2 elements ({#main} at ${join(folder, 'about.page.md')}:4, ${join(folder, 'questions.faq.md')}:1).`,
    );
  });

  it("refuses a banner link to an id the page lacks, at the front matter's line, naming the sections and headings there are", () => {
    const folder = join(scratch, 'shared-hosting');
    mkdirSync(folder);
    writeFileSync(join(folder, 'shared-hosting.page.md'), '---\ntitle: Plans\nbannerLink: { label: Prices, href: "#prices" }\n---\n');
    const html = '<main id="main"><section id="pricing"><h2 id="pricing-title">Prices</h2><input id="email"></section></main>';
    expect(() => checkBannerTarget(html, '#prices', folder)).toThrow(
      `${join(folder, 'shared-hosting.page.md')}:3: bannerLink.href: "#prices" is not the id of anything on the page; its sections and headings are #pricing, #pricing-title`,
    );
    expect(() => checkBannerTarget(html, '#pricing', folder)).not.toThrow();
    expect(() => checkBannerTarget(html, undefined, folder)).not.toThrow();
  });
});
