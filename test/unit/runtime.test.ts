// One supported runtime: the Node major the image ships is the one package.json
// asks for, the one the `node` package puts first on the `npm run` path, the
// one the README names, and the one these tests are running on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { assignments, imageEnv } from '../support/image.js';

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
    const [prefix = '', command] = /^((?:[A-Z_]+=(?:'[^']*'|\S+) )*)(.*)$/.exec(pkg.scripts.start!)!.slice(1);
    const startEnv = assignments(prefix);
    expect(imageEnv).toHaveProperty('MALLOC_ARENA_MAX');
    expect(startEnv).toEqual(imageEnv);
    const imageCommand = /^CMD \["node", "([^"]+)"\]$/m.exec(read('Dockerfile'))?.[1];
    expect(command).toBe(`node ${imageCommand}`);
  });

  it('caps the heap the same wherever the site runs, derived from the one memory limit: the image, npm start, the Deployment', () => {
    const deployment = parseAllDocuments(read('deploy/kubernetes/deployment.yaml'))[0]!.toJS() as {
      spec: { template: { spec: { containers: { env: { name: string; value: string }[]; resources: { limits: { memory: string } } }[] } } };
    };
    const container = deployment.spec.template.spec.containers[0]!;
    const deployed = container.env.find((variable) => variable.name === 'NODE_OPTIONS')?.value;
    const npmStart = assignments(pkg.scripts.start!).NODE_OPTIONS;
    expect(imageEnv.NODE_OPTIONS).toBeDefined();
    expect(npmStart).toBe(imageEnv.NODE_OPTIONS);
    expect(deployed).toBe(imageEnv.NODE_OPTIONS);
    // The limit (the Deployment's, stated in docs/operations.md) less 192 MiB for all that is not V8's old space.
    const limitMiB = Number(/^(\d+)Mi$/.exec(container.resources.limits.memory)?.[1]);
    expect(read('docs/operations.md')).toContain(`memory limit of ${limitMiB} MiB`);
    expect(imageEnv.NODE_OPTIONS).toContain(`--max-old-space-size=${limitMiB - 192}`);
  });
});
