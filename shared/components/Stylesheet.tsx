import { useAssets } from '../assets.js';

/**
 * The whole stylesheet, placed by each page right after its first section: the first paint draws with the rules
 * inlined in <head> (scripts/first-paint-styles.ts) and does not wait for it, and the browser draws nothing after it
 * unstyled, as a stylesheet in <body> blocks the rendering of what follows it until it has loaded.
 */
export function Stylesheet() {
  const { stylesheet } = useAssets();
  return <link rel="stylesheet" href={stylesheet} />;
}
