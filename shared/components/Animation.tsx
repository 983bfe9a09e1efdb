import type { AnimationName } from '../content/animations.js';
import { Island } from '../island.js';

/** A decorative illustration, hydrated so it can play when seen. */
export function Animation({ name }: { name: AnimationName }) {
  return <Island name="animation" props={{ name }} />;
}
