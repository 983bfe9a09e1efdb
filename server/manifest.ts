// The build manifest: hashed asset URLs, read once at start-up.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssetUrls } from '../shared/assets.js';
import { animationNames } from '../shared/content/animations.js';
import { islandNames, type IslandName } from '../shared/island.js';

/** The rules of the stylesheet that a first paint needs (scripts/first-paint-styles.ts), in the build's folder. */
export const FIRST_PAINT_STYLES = 'first-paint.css';

/** The built assets' URLs; the search index's is made at start-up, from the live configuration. */
export interface BuildManifest extends Omit<AssetUrls, 'searchIndex'> {
  /** Changes with every build that changes any output; names the search index with the configuration. */
  buildId: string;
  /** ISO time of the build. */
  builtAt: string;
}

export function readManifest(distDir: string): BuildManifest {
  const file = join(distDir, 'manifest.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`No build manifest at ${file}: run "npm run build" first.`);
  }
  // Whatever an older or broken build wrote: every field is checked before it is used.
  const manifest = JSON.parse(text) as Partial<Omit<BuildManifest, 'animations' | 'islands'>> & {
    animations?: Partial<BuildManifest['animations']>;
    islands?: Partial<Record<IslandName, unknown[]>>;
  };
  for (const key of ['stylesheet', 'buildId', 'builtAt'] as const) {
    if (typeof manifest[key] !== 'string') throw new Error(`Build manifest ${file} lacks "${key}": rebuild.`);
  }
  for (const name of islandNames) {
    const modules = manifest.islands?.[name];
    if (!Array.isArray(modules) || modules.length === 0 || !modules.every((url) => /^\/assets\/[\w.-]+\.js$/.test(String(url))))
      throw new Error(`Build manifest ${file} lacks island "${name}": rebuild.`);
  }
  for (const name of animationNames) {
    if (typeof manifest.animations?.[name]?.data !== 'string')
      throw new Error(`Build manifest ${file} lacks animation "${name}": rebuild.`);
  }
  return manifest as BuildManifest;
}
