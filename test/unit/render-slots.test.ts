// The bound on search renders in progress (server/render-slots.ts): past the
// limit no slot, and a slot freed twice frees one place.
import { describe, expect, it } from 'vitest';
import { renderSlots } from '../../server/render-slots.js';

describe('render slots', () => {
  it('gives `limit` slots at once, none past them, and one again once one is freed (only once)', () => {
    const slots = renderSlots(2);
    const first = slots.take();
    const second = slots.take();
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');
    expect(slots.take()).toBeUndefined();
    first!();
    first!();
    const third = slots.take();
    expect(third).toBeTypeOf('function');
    expect(slots.take()).toBeUndefined();
    second!();
    third!();
    expect(slots.take()).toBeTypeOf('function');
    expect(slots.take()).toBeTypeOf('function');
    expect(slots.take()).toBeUndefined();
  });
});
