// The build manifest: hashed asset URLs, read once at start-up.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssetUrls } from '../shared/document.js';
import { animationNames } from '../shared/content/animations.js';

export interface BuildManifest extends AssetUrls {
  /** Changes with every build that changes any output; part of every page's ETag. */
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
  const manifest = JSON.parse(text) as Partial<BuildManifest>;
  for (const key of ['script', 'stylesheet', 'searchIndex', 'buildId', 'builtAt'] as const) {
    if (typeof manifest[key] !== 'string') throw new Error(`Build manifest ${file} lacks "${key}": rebuild.`);
  }
  for (const name of animationNames) {
    if (typeof manifest.animations?.[name]?.data !== 'string') throw new Error(`Build manifest ${file} lacks animation "${name}": rebuild.`);
  }
  return manifest as BuildManifest;
}
