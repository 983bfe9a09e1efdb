// Builds everything the production server needs into dist/:
//   dist/public/assets/  hashed island modules and their shared chunks, lazily loaded modules, stylesheet, illustrations (+ .br/.gz)
//   dist/public/         unhashed root files copied from public/, and the icons (SVG and PNG)
//   dist/server/         the bundled server (index.js), and main.js, which starts it with the compile cache
//   dist/prepared/       every page, the SEO files, the share image and the search index, rendered and compressed for the
//                        configuration of the build's environment (server/prepared-at-build.ts)
//   dist/compile-cache/  V8's compiled code for the server, made by starting it once
//   dist/manifest.json   hashed URLs the server reads once at start-up
// One commit gives the same dist/, names and bytes, wherever and whenever it is
// built (test/build/reproducible.test.ts), the compile cache aside: V8 writes
// what one start happened to compile, with absolute paths in it.
import * as esbuild from 'esbuild';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { icons, renderPng } from '../server/images.js';
import { FIRST_PAINT_STYLES } from '../server/manifest.js';
import { markSvg } from '../shared/brand.js';
import { animationNames } from '../shared/content/animations.js';
import type { AssetUrls } from '../shared/assets.js';
import { markdownContentPlugin } from './markdown-content.js';
import { islandNames, type IslandName } from '../shared/island.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The output folder: dist/, or BUILD_DIR (from the project's root) for a build
 * of its own beside it, as `npm run test:content` makes into dist/content,
 * clear of the dist/dev/ that `npm run dev` serves. The folder is emptied first.
 */
export const dist = resolve(root, process.env.BUILD_DIR || 'dist');
// The built server finds its packages (the fonts, resvg) in the project's node_modules, from where it is.
if (relative(root, dist).startsWith('..') || dist === root) {
  throw new Error(`BUILD_DIR=${process.env.BUILD_DIR}: must be a folder inside the project, as dist/content`);
}
const assetsDir = join(dist, 'public', 'assets');

/** Browsers the client code targets: those that run ES modules and <dialog>. */
const browserTargets = ['chrome111', 'edge111', 'firefox111', 'safari16.4'];

/** How every module the browser runs is built: one minified ES module each. */
const browserModule: esbuild.BuildOptions = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: browserTargets,
  minify: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  // Copy an island shows (the contact details in the header's dialog) comes from Markdown, as the server's does.
  plugins: [markdownContentPlugin()],
};

/** Each island's module (shared/island.tsx), by its name: client/islands/<name>.ts or .tsx. */
export function islandEntryPoints(): Record<IslandName, string> {
  const files = readdirSync(join(root, 'client', 'islands'));
  return Object.fromEntries(
    islandNames.map((name) => {
      const file = files.find((candidate) => candidate.replace(/\.tsx?$/, '') === name);
      if (!file) throw new Error(`Island "${name}" (shared/island.tsx) has no module in client/islands/`);
      return [name, `client/islands/${file}`];
    }),
  ) as Record<IslandName, string>;
}

export const clientOptions: esbuild.BuildOptions = {
  ...browserModule,
  entryPoints: { ...islandEntryPoints(), site: 'shared/styles/site.css' },
  outdir: assetsDir,
  entryNames: '[name]-[hash]',
  // What islands share (React above all) is a chunk of its own: a visitor who
  // upgrades one island on one page and another on the next downloads it once.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  jsx: 'automatic',
  // Pages are rendered by the server only. The route table names them by lazy
  // import; left external, those imports never pull page content into the client.
  external: ['./pages/*'],
  sourcemap: false,
  define: { 'process.env.NODE_ENV': '"production"' },
};

/**
 * Each island's modules, as the page names them: its own output first, then
 * every chunk it imports, directly or not, so that the bootstrap fetches them
 * side by side instead of discovering them one import at a time.
 */
export function islandModules(metafile: esbuild.Metafile, publicDir = join(dist, 'public')): Record<IslandName, string[]> {
  const entries = islandEntryPoints();
  const closure = (file: string, seen: string[] = []): string[] => {
    if (seen.includes(file)) return seen;
    seen.push(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) closure(imported.path, seen);
    }
    return seen;
  };
  return Object.fromEntries(
    islandNames.map((name) => {
      const found = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === entries[name]);
      if (!found) throw new Error(`esbuild produced no output for ${entries[name]}`);
      return [name, closure(found[0]).map((file) => publicUrlOf(file, publicDir))];
    }),
  ) as Record<IslandName, string[]>;
}

export const serverOptions: esbuild.BuildOptions = {
  absWorkingDir: root,
  entryPoints: ['server/index.ts'],
  outfile: join(dist, 'server', 'index.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node26',
  jsx: 'automatic',
  // Dependencies are bundled: one file to load instead of ~400 modules to
  // resolve (start-up), and React's production build chosen here, at build
  // time, whatever NODE_ENV the process gets (unset, React would run its
  // development build, whose checks make every render far slower). pino is bundled too
  // (loaded from node_modules, it would be outside the compile cache and
  // compiled again at every start); its
  // development transport finds its worker file through server/logger.ts.
  // Left external: resvg (a native addon), pino-pretty (development only) and
  // parseurl: Express parses unusual request targets with url.parse(), and
  // Node warns about that (DEP0169) only when the caller is not under node_modules.
  external: ['@resvg/resvg-js', 'pino-pretty', 'parseurl'],
  define: { 'process.env.NODE_ENV': '"production"' },
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  minify: process.env.UNMINIFIED !== '1',
  sourcemap: 'linked',
  legalComments: 'linked',
  metafile: true,
  logLevel: 'warning',
  // Markdown copy becomes data here, at build time: no Markdown parser in the bundle.
  plugins: [markdownContentPlugin()],
};

/** The process entry (server/main.ts): not bundled, so that it runs before the bundle is compiled. */
const mainOptions: esbuild.BuildOptions = {
  absWorkingDir: root,
  entryPoints: ['server/main.ts'],
  outfile: join(dist, 'server', 'main.js'),
  bundle: false,
  platform: 'node',
  format: 'esm',
  target: 'node26',
  logLevel: 'warning',
};

/**
 * Runs a build step that renders pages: `script` is bundled with the server's options, so that the pages render
 * exactly as the server renders them, run once with `args`, then removed. A page that cannot render, or a
 * configuration that is not valid, fails the build.
 */
async function runWithServerBuild(script: string, args: string[]): Promise<void> {
  // Inside dist/, where its external packages (resvg) resolve from the project's node_modules as the server's do.
  const folder = join(dist, 'build-step');
  try {
    const outfile = join(folder, 'step.js');
    await esbuild.build({ ...serverOptions, entryPoints: [script], outfile, sourcemap: false, legalComments: 'none' });
    const result = spawnSync(process.execPath, [outfile, ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${script} failed (exit ${result.status}):\n${result.stderr}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Starts the built server once, on a port of the system's choosing, until it is
 * ready: main.js then writes V8's compiled code for it into dist/compile-cache,
 * which every later start reads. A server that cannot start fails the build.
 */
function fillCompileCache(): Promise<void> {
  const server = spawn(process.execPath, [mainOptions.outfile!], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', METRICS_PORT: '0', SHUTDOWN_DELAY: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes('"msg":"ready on')) server.kill('SIGTERM');
    };
    server.stdout.on('data', collect);
    server.stderr.on('data', collect);
    server.once('exit', (code) =>
      output.includes('"msg":"ready on')
        ? resolve()
        : reject(new Error(`the built server did not start (exit ${code}): ${reasonOf(output)}`)),
    );
  });
}

/**
 * Why a server did not start, from its log: the fatal line's message and error (a fault in the copy names its file
 * and line there), without the JSON and the stack of the bundled code; the whole output where there is none.
 */
function reasonOf(output: string): string {
  for (const line of output.split('\n')) {
    try {
      const entry = JSON.parse(line) as { level?: string; msg?: string; err?: { message?: string } };
      if (entry.level === 'fatal') return `${entry.msg ?? 'fatal'}:\n${entry.err?.message ?? line}`;
    } catch {
      // Not a log line.
    }
  }
  return `\n${output}`;
}

function hashOf(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 10).toUpperCase();
}

/** Hashed outputs get .br and .gz siblings, so no request ever pays for compression. */
function precompress(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      precompress(path);
    } else if (/\.(js|css|json|svg|webmanifest|txt|xml)$/.test(name)) {
      const body = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    }
  }
}

/** Copies public/ into a build's public folder: the illustrations become hashed assets (hashAnimations), everything else is copied as is. */
export function copyPublic(publicDir: string): void {
  cpSync(join(root, 'public'), publicDir, {
    recursive: true,
    filter: (source) => !source.includes(join('public', 'animations')),
  });
}

/** Each illustration's still and Lottie data, copied under a content hash into a build's assets folder. */
export function hashAnimations(assets = assetsDir): AssetUrls['animations'] {
  const source = join(root, 'public', 'animations');
  const target = join(assets, 'animations');
  mkdirSync(target, { recursive: true });
  const urls = {} as AssetUrls['animations'];
  for (const name of animationNames) {
    const hashed = (ext: 'svg' | 'json') => {
      const body = readFileSync(join(source, `${name}.${ext}`));
      const file = `${name}-${hashOf(body)}.${ext}`;
      writeFileSync(join(target, file), body);
      return `/assets/animations/${file}`;
    };
    urls[name] = { still: hashed('svg'), data: hashed('json') };
  }
  return urls;
}

/**
 * The islands' own lazily loaded modules, each built apart as one standalone ES
 * module: the Lottie player (when an illustration comes into view) and the site
 * search (when search first opens). The islands get their hashed URLs as
 * constants (shared/types/lazy-modules.d.ts): as chunks of the islands' split
 * build they would share esbuild's CommonJS helpers with React, so the
 * illustrations, which need no React, would load it.
 * The files they are built from are added to `inputs` when given (for the dev loop).
 */
export async function buildLazyModules(
  assets = assetsDir,
  inputs?: Set<string>,
): Promise<Record<'LOTTIE_PLAYER_URL' | 'SEARCH_ENGINE_URL', string>> {
  const modules = {
    LOTTIE_PLAYER_URL: { name: 'lottie-player', contents: "export { default } from 'lottie-web/build/player/lottie_light.js';" },
    SEARCH_ENGINE_URL: { name: 'search', contents: "export * from './shared/search.ts';" },
  };
  const urls = {} as Record<keyof typeof modules, string>;
  for (const [constant, module] of Object.entries(modules) as [keyof typeof modules, (typeof modules)[keyof typeof modules]][]) {
    const result = await esbuild.build({
      ...browserModule,
      stdin: { contents: module.contents, resolveDir: root, loader: 'ts', sourcefile: `${module.name}.ts` },
      outdir: join(assets, 'lazy'),
      entryNames: `${module.name}-[hash]`,
    });
    const [file] = Object.keys(result.metafile!.outputs);
    if (!file) throw new Error(`esbuild produced no ${module.name} module`);
    urls[constant] = publicUrlOf(file, dirname(assets));
    for (const input of Object.keys(result.metafile!.inputs)) inputs?.add(input);
  }
  return urls;
}

/**
 * The date a build stands for (the manifest's builtAt, from which security.txt
 * expires): when its sources were committed, not when it ran, so that two
 * builds of one commit agree. SOURCE_DATE_EPOCH (reproducible-builds.org) comes
 * first: the image is built without .git and takes it as a build argument.
 * Without either, the clock, and the build says it is not reproducible.
 */
function sourceDate(): string {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  if (epoch) {
    if (!/^\d+$/.test(epoch)) throw new Error(`SOURCE_DATE_EPOCH must be whole seconds since 1970, not ${JSON.stringify(epoch)}`);
    return new Date(Number(epoch) * 1000).toISOString();
  }
  try {
    const committed = execFileSync('git', ['log', '-1', '--format=%ct'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    if (!/^\d+$/.test(committed.trim())) throw new Error('no commit');
    return new Date(Number(committed.trim()) * 1000).toISOString();
  } catch {
    console.warn('Neither SOURCE_DATE_EPOCH nor a git commit: builtAt is the clock, and this build is not reproducible.');
    return new Date().toISOString();
  }
}

/** A build output's URL on the site (file as esbuild's metafile names it, relative to the root). */
const publicUrlOf = (file: string, publicDir = join(dist, 'public')) => `/${relative(publicDir, join(root, file)).split('\\').join('/')}`;

/** The client build, given the lazy modules' URLs: constants in the bundle, imported at run time, never bundled. */
export function clientOptionsWith(lazyModules: Record<string, string>): esbuild.BuildOptions {
  return {
    ...clientOptions,
    define: {
      ...clientOptions.define,
      ...Object.fromEntries(Object.entries(lazyModules).map(([name, url]) => [name, JSON.stringify(url)])),
    },
    external: [...(clientOptions.external ?? []), ...Object.values(lazyModules)],
  };
}

/** The URL of the output esbuild made for an entry point, from the build's metafile. */
export function outputUrl(metafile: esbuild.Metafile, entry: string, publicDir = join(dist, 'public')): string {
  const found = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === entry);
  if (!found) throw new Error(`esbuild produced no output for ${entry}`);
  return publicUrlOf(found[0], publicDir);
}

/** The icons, which do not depend on the configuration (the share image does, and is drawn at start-up). */
export function writeIcons(publicDir: string): void {
  writeFileSync(join(publicDir, 'favicon.svg'), markSvg(32));
  for (const [name, svg] of Object.entries(icons)) writeFileSync(join(publicDir, name), renderPng(svg));
}

export async function build(): Promise<void> {
  const started = performance.now();
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(assetsDir, { recursive: true });
  copyPublic(join(dist, 'public'));

  const lazyModules = await buildLazyModules();
  const client = await esbuild.build(clientOptionsWith(lazyModules));

  const animations = hashAnimations();
  const islands = islandModules(client.metafile!);
  const stylesheet = outputUrl(client.metafile!, 'shared/styles/site.css');

  writeIcons(join(dist, 'public'));

  await esbuild.build(serverOptions);
  await esbuild.build(mainOptions);
  precompress(join(dist, 'public'));

  const manifest = {
    islands,
    stylesheet,
    animations,
    builtAt: sourceDate(),
    buildId: '',
  };
  manifest.buildId = hashOf(JSON.stringify({ ...manifest, builtAt: '' }) + readFileSync(serverOptions.outfile!));
  writeFileSync(join(dist, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // The rules a first paint needs, inlined in every page (server/prepared-site.ts), before the pages are prepared with them.
  await runWithServerBuild('scripts/first-paint-styles.tsx', [dist, join(dist, FIRST_PAINT_STYLES)]);
  // Every page, for the configuration of the build's own environment (server/prepared-at-build.ts): the image's
  // defaults in the Dockerfile, or an operator's own site settings set for the build.
  await runWithServerBuild('scripts/prepare-pages.ts', [dist]);
  await fillCompileCache();
  console.log(
    `built ${islandNames.length} islands, ${manifest.stylesheet} and the server in ${Math.round(performance.now() - started)} ms`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  build().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
