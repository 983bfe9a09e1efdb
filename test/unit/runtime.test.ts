// One supported runtime: the Node major the image ships is the one package.json
// asks for, the one the `node` package puts first on the `npm run` path, the
// one the README names, and the one these tests are running on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageEnv } from '../support/image.js';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};
const imageMajors = [...read('Dockerfile').matchAll(/^FROM node:(\d+)-slim/gm)].map((m) => Number(m[1]));
const major = imageMajors[0]!;

describe('the runtime', () => {
  it('is one Node major in every stage of the image', () => {
    expect(imageMajors.length).toBeGreaterThanOrEqual(2);
    expect(new Set(imageMajors).size).toBe(1);
  });

  it('is what package.json requires and installs for npm run', () => {
    expect(pkg.engines.node).toBe(`>=${major} <${major + 1}`);
    expect(Number(pkg.devDependencies.node!.split('.')[0])).toBe(major);
  });

  it('is the runtime this suite runs on', () => {
    expect(Number(process.versions.node.split('.')[0])).toBe(major);
  });

  it('is the one the README names, and .ci/run runs the README’s test command', () => {
    expect(read('README.md')).toContain(`Node.js ${major}`);
    expect(read('.ci/run')).toMatch(/^npm test$/m);
  });

  it('runs under npm start with the environment the image sets (the same malloc arenas, the same mode)', () => {
    const [assignments = '', command] = /^((?:[A-Z_]+=\S+ )*)(.*)$/.exec(pkg.scripts.start!)!.slice(1);
    const startEnv = Object.fromEntries(
      assignments
        .trim()
        .split(' ')
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    expect(imageEnv).toHaveProperty('MALLOC_ARENA_MAX');
    expect(startEnv).toEqual(imageEnv);
    const imageCommand = /^CMD \["node", "([^"]+)"\]$/m.exec(read('Dockerfile'))?.[1];
    expect(command).toBe(`node ${imageCommand}`);
  });
});
