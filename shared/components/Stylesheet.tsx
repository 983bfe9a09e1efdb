import { useAssets } from '../assets.js';

/**
 * The whole stylesheet, placed by each page right after its first section: the first paint draws with the rules
 * inlined in <head> (scripts/first-paint-styles.tsx) and does not wait for it. What follows it stays hidden until it has
 * loaded (the first-paint rules hide it, the stylesheet shows it again), in every engine: Chromium holds it anyway,
 * Firefox would draw it with the first paint's rules alone.
 */
export function Stylesheet() {
  const { stylesheet } = useAssets();
  return <link rel="stylesheet" href={stylesheet} />;
}
