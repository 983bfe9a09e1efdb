// The guard on the build's one reach into React DOM (docs/decisions/019): the
// installed react-dom's client file is shaped as the patch expects, and a file
// shaped otherwise (as after an upgrade) fails the build with a message naming
// the file, instead of shipping a bundle that half works.
import * as esbuild from 'esbuild';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactDomClientAsModule, reactDomClientFile, reactDomClientModule } from '../../scripts/react-dom-module.js';

const root = join(import.meta.dirname, '..', '..');
const file = reactDomClientFile(root);
const source = readFileSync(file, 'utf8');

/** Bundles a page's use of react-dom/client with the plugin over `reactDom`, as the build does. */
function bundleWith(reactDom: string) {
  return esbuild.build({
    absWorkingDir: root,
    stdin: { contents: "export { hydrateRoot } from 'react-dom/client';", resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [reactDomClientAsModule(reactDom)],
  });
}

/** A copy of the installed file with one change, as an upgrade might make it. */
function stub(change: (text: string) => string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'react-dom-stub-')), 'react-dom-client.production.js');
  writeFileSync(path, change(source));
  return path;
}

describe("the build's React DOM client as an ES module", () => {
  it('finds the installed react-dom shaped as expected: its requires become imports, its exports export statements', async () => {
    const module = reactDomClientModule(source, file);
    expect(module).toContain('import * as Scheduler from "scheduler";');
    expect([...module.matchAll(/^export const (\w+) = /gm)].map((match) => match[1])).toEqual(['createRoot', 'hydrateRoot', 'version']);
    expect(module).not.toMatch(/\b(require|module|exports)\b[.(]/);
    const { outputFiles } = await bundleWith(file);
    // Bundled as a module, without esbuild's CommonJS wrapper around React DOM.
    expect(outputFiles[0]!.text).not.toMatch(/require_react_dom_client/);
    expect(outputFiles[0]!.text).toMatch(/export\s*\{[^}]*hydrateRoot/);
  });

  it.each([
    ['a require() renamed', (text: string) => text.replace('require("scheduler")', 'require("scheduler/index")'), /require\(\) calls/],
    ['another export', (text: string) => `${text}\nexports.preload = function () {};\n`, /exports createRoot,hydrateRoot,version,preload/],
    [
      'an export renamed',
      (text: string) => text.replace('exports.hydrateRoot = ', 'exports.hydrate = '),
      /exports createRoot,hydrate,version/,
    ],
    [
      'a require() elsewhere',
      (text: string) => `${text}\nvar extra = require("react-dom/server");\n`,
      /require, module or exports elsewhere/,
    ],
  ])('fails the build, naming the file, on a React DOM with %s', async (_, change, problem) => {
    const changed = stub(change);
    expect(() => reactDomClientModule(readFileSync(changed, 'utf8'), changed)).toThrow(problem);
    await expect(bundleWith(changed)).rejects.toThrow(`${changed} is not shaped as scripts/react-dom-module.ts expects`);
  });
});
