/**
 * What lets the stylesheet lay a grid of `count` cards out in even rows: in
 * twos when the count is even, in threes when it is a multiple of three, one
 * under another otherwise. However many cards the copy holds, none is left
 * alone on a row.
 */
export function evenRows(count: number): { 'data-pairs'?: ''; 'data-threes'?: '' } {
  return { ...(count % 2 === 0 ? { 'data-pairs': '' } : {}), ...(count % 3 === 0 ? { 'data-threes': '' } : {}) };
}
