import { useAssets } from '../assets.js';
import type { AnimationName } from '../content/animations.js';
import { AnimationPlayer } from './AnimationPlayer.js';
import { Island } from '../island.js';

/** A decorative illustration, hydrated so it can play when seen. */
export function Animation({ name }: { name: AnimationName }) {
  const urls = useAssets().animations[name];
  return <Island name="animation" component={AnimationPlayer} props={{ still: urls.still, data: urls.data }} />;
}
