import { describe, expect, it } from 'vitest';
import { checkIdsUnique, idClashes } from '../../server/page-ids.js';

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
    expect(() => checkIdsUnique('/about', '<p id="x"></p><p id="x"></p>')).toThrow('/about: "x" is on 2 elements');
    expect(() => checkIdsUnique('/about', '<p id="x"></p>')).not.toThrow();
  });
});
