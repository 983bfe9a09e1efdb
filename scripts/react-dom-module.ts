// React DOM's client as an ES module: the one place the build reaches into a
// library's file (docs/decisions/019-react-dom-client-as-module.md says why and
// what it gains). The file is React's own production build, react-dom
// 19.3.x's cjs/react-dom-client.production.js, with its three require() calls
// made imports and its three exports made export statements. A React whose file
// is shaped otherwise fails the build here, naming this file, instead of
// shipping a bundle that half works.
import type * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The statement the patch makes imports of: React DOM's only require() calls. */
const requires = 'var Scheduler = require("scheduler"),\n  React = require("react"),\n  ReactDOM = require("react-dom");';
const imports = 'import * as Scheduler from "scheduler";\nimport * as React from "react";\nimport * as ReactDOM from "react-dom";';
const exportLine = /^exports\.(\w+) = /gm;

/** React DOM's production client as an ES module; throws, naming `file`, if the source is not shaped as expected. */
export function reactDomClientModule(source: string, file: string): string {
  const exported = [...source.matchAll(exportLine)].map((match) => match[1]);
  const rest = source.replace(requires, '').replace(exportLine, '');
  const problems = [
    ...(source.includes(requires) ? [] : ['its require() calls are not the one statement expected']),
    ...(exported.join() === 'createRoot,hydrateRoot,version'
      ? []
      : [`it exports ${exported.join() || 'nothing'}, not createRoot,hydrateRoot,version`]),
    ...(/\b(require|module|exports)\b[.(]/.test(rest) ? ['it uses require, module or exports elsewhere'] : []),
  ];
  if (problems.length > 0) {
    throw new Error(`${file} is not shaped as scripts/react-dom-module.ts expects (${problems.join('; ')}): see docs/decisions/019`);
  }
  return source.replace(requires, imports).replace(exportLine, 'export const $1 = ');
}

/** The esbuild plugin that answers `react-dom/client` with the module made from `file`. */
export function reactDomClientAsModule(file: string): esbuild.Plugin {
  return {
    name: 'react-dom-client-as-module',
    setup(build) {
      // A path in a plugin's own namespace goes into esbuild's output hash as
      // given (the file namespace's, relative to absWorkingDir): an absolute
      // path here would name the bundle after the folder the build ran in.
      build.onResolve({ filter: /^react-dom\/client$/ }, () => ({ path: 'react-dom/client', namespace: 'react-dom-client-module' }));
      build.onLoad({ filter: /.*/, namespace: 'react-dom-client-module' }, () => ({
        contents: reactDomClientModule(readFileSync(file, 'utf8'), file),
        loader: 'js',
        resolveDir: dirname(file),
      }));
    },
  };
}

/** React DOM's production client in the project's node_modules. */
export const reactDomClientFile = (root: string) => join(root, 'node_modules', 'react-dom', 'cjs', 'react-dom-client.production.js');
