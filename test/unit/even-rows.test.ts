// Cards the copy adds or removes never leave one alone on a row: the columns a
// grid may take (two when paired, three when in threes, else one) divide its count.
import { describe, expect, it } from 'vitest';
import { evenRows } from '../../shared/components/even-rows.js';

describe('a grid of cards', () => {
  it.each(Array.from({ length: 12 }, (_, i) => i + 1))('of %i cards is laid out only in columns that divide it', (count) => {
    const attributes = evenRows(count);
    const columns = [1, ...('data-pairs' in attributes ? [2] : []), ...('data-threes' in attributes ? [3] : [])];
    for (const perRow of columns) expect(count % perRow, `${count} cards in rows of ${perRow}`).toBe(0);
    // Side by side whenever the count allows it.
    expect(columns.length > 1).toBe(count % 2 === 0 || count % 3 === 0);
  });
});
