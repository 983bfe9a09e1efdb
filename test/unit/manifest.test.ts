// The build manifest as start-up reads it: a missing or incomplete one (an
// older build, an interrupted one) is refused with a message that says what is
// wrong and what to do, before any page is rendered with an undefined URL.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifest, type BuildManifest } from '../../server/manifest.js';
import { animationNames } from '../../shared/content/animations.js';
import { islandNames } from '../../shared/island.js';

/** A manifest as the build writes it (scripts/build.ts), every animation included. */
const built = {
  islands: Object.fromEntries(
    islandNames.map((name) => [name, [`/assets/${name}-TESTHASH.js`, '/assets/chunk-TESTHASH.js']]),
  ) as BuildManifest['islands'],
  stylesheet: '/assets/site-TESTHASH.css',
  animations: Object.fromEntries(
    animationNames.map((name) => [name, { still: `/assets/animations/${name}-STILL.svg`, data: `/assets/animations/${name}-DATA.json` }]),
  ) as BuildManifest['animations'],
  builtAt: '2026-01-01T00:00:00.000Z',
  buildId: '0123456789',
} satisfies BuildManifest;

/** A dist folder holding only a manifest.json with the given content. */
function distWith(manifest: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'manifest-'));
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('the build manifest', () => {
  it('is read as the build wrote it', () => {
    expect(readManifest(distWith(built))).toEqual(built);
  });

  it('is refused when there is none, naming the file and the command that makes it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'manifest-'));
    expect(() => readManifest(dir)).toThrow(`No build manifest at ${join(dir, 'manifest.json')}: run "npm run build" first.`);
  });

  it.each(['stylesheet', 'buildId', 'builtAt'])('is refused without its "%s", naming it', (key) => {
    const dir = distWith({ ...built, [key]: undefined });
    expect(() => readManifest(dir)).toThrow(`Build manifest ${join(dir, 'manifest.json')} lacks "${key}": rebuild.`);
    // A value of another type is as bad as none.
    expect(() => readManifest(distWith({ ...built, [key]: 1 }))).toThrow(`lacks "${key}"`);
  });

  it('is refused without an island, or with an island whose modules are not built scripts, naming the island', () => {
    const { header: _header, ...withoutHeader } = built.islands;
    const dir = distWith({ ...built, islands: withoutHeader });
    expect(() => readManifest(dir)).toThrow(`Build manifest ${join(dir, 'manifest.json')} lacks island "header": rebuild.`);
    expect(() => readManifest(distWith({ ...built, islands: { ...built.islands, consent: [] } }))).toThrow('lacks island "consent"');
    expect(() => readManifest(distWith({ ...built, islands: { ...built.islands, newsletter: ['https://evil.example/x.js'] } }))).toThrow(
      'lacks island "newsletter"',
    );
  });

  it('is refused without an animation, or an animation without its data, naming the animation', () => {
    const { hosting: _hosting, ...withoutHosting } = built.animations;
    const dir = distWith({ ...built, animations: withoutHosting });
    expect(() => readManifest(dir)).toThrow(`Build manifest ${join(dir, 'manifest.json')} lacks animation "hosting": rebuild.`);
    const withoutData = { ...built.animations, ai: { still: built.animations.ai.still } };
    expect(() => readManifest(distWith({ ...built, animations: withoutData }))).toThrow('lacks animation "ai"');
    expect(() => readManifest(distWith({ ...built, animations: undefined }))).toThrow('lacks animation "analytics"');
  });
});
