// Development: `npm run dev`. The site at http://127.0.0.1:3000 (PORT), rebuilt
// on every save and reloaded in the browser by itself.
//
// The build is the release build's own esbuild options (scripts/build.ts) held
// in esbuild contexts, so a save recompiles only the bundles that read the saved
// file: the server's own code, the client entry, the stylesheet, the lazily
// loaded modules. What only a release needs is left out: minifying the server,
// precompressing the assets, the compile cache, reproducibility. The icons are
// made once, at start. Everything goes into dist/dev/, apart from the release's dist/.
//
// The site runs in this process, started by the server's own startSite() with
// NODE_ENV=development (compressed at the quickest levels, server/prepared.ts),
// every page rendered at its start as in a release. After each build the new
// server code is imported afresh and a new site started from it; the old one is
// closed. Dependencies are left out of that bundle, so they are loaded once, not
// on every save. The open pages are told to reload by this script, not by the
// server: it listens on PORT itself and passes every request on to the site,
// adding to each HTML page one small script (allowed by its hash in that page's
// Content-Security-Policy) that listens for its events. The site's pages and
// headers are the production ones. While the build is broken, pages are
// answered with the error, and the last good site serves everything else.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, watch, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

// React picks its build by NODE_ENV when it is first loaded: the release's,
// which the release bundle fixes at build time (the development build renders
// far slower, with checks made for finding bugs). Set before anything loads React; the site's own
// configuration is given NODE_ENV=development below.
process.env.NODE_ENV = 'production';
const {
  buildLazyModules,
  clientOptionsWith,
  copyPublic,
  dist,
  hashAnimations,
  islandEntryPoints,
  islandModules,
  outputUrl,
  root,
  serverOptions,
  writeIcons,
} = await import('./build.js');
const { FIRST_PAINT_STYLES } = await import('../server/manifest.js');
type SiteModule = typeof import('./dev-site.js');

const devDist = join(dist, 'dev');
const publicDir = join(devDist, 'public');
const assetsDir = join(publicDir, 'assets');
const siteBundle = join(devDist, 'server', 'site.js');
const watchedFolders = ['client', 'server', 'shared', 'public'];
/** Saves within this long of each other (an editor writing a file in steps, a branch switch) make one rebuild. */
const SETTLE_MS = 20;
const EVENTS_PATH = '/__dev/events';

// ---- The live reload: what every page gets, and the events it listens to.

/** The current build's number: a page served by an older one reloads. */
let version = 0;
const listeners = new Set<ServerResponse>();

// The build a page was served by is in its script element's data-version, so
// that the script's text (and so its hash) is always the same. A page that
// connects after a rebuild it missed reloads at once.
const reloadScript =
  "const served = document.currentScript.dataset.version; new EventSource('" +
  EVENTS_PATH +
  "').onmessage = (event) => { if (event.data !== served) location.reload(); };";
const reloadScriptHash = `'sha256-${createHash('sha256').update(reloadScript).digest('base64')}'`;

const reloadTag = () => `<script data-version="${version}">${reloadScript}</script>`;

function openEvents(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
  // retry: how soon the browser reconnects after this script restarts.
  res.write(`retry: 200\ndata: ${version}\n\n`);
  listeners.add(res);
  res.once('close', () => listeners.delete(res));
}

function announce(): void {
  version += 1;
  for (const res of listeners) res.write(`data: ${version}\n\n`);
}

/** The page's Content-Security-Policy with the reload script allowed by its hash. */
const allowReloadScript = (policy: string) => policy.replace(/(^|;\s*)script-src /, `$1script-src ${reloadScriptHash} `);

// ---- The site: the last one that started, and the error while the build is broken.

let running: Awaited<ReturnType<SiteModule['startSite']>> | undefined;
let failure: string | undefined;
// Warnings and errors only unless LOG_LEVEL says more: a line per request would scroll a build error out of sight.
const siteEnv = { LOG_LEVEL: 'warn', ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', METRICS_PORT: '0' };
let logger: ReturnType<SiteModule['createLogger']> | undefined;
let serverCode: SiteModule | undefined;
let imports = 0;

/** Imports the server code as just built: a new module, as its URL differs from the last one's. */
async function importServerCode(): Promise<SiteModule> {
  imports += 1;
  return (await import(`${pathToFileURL(siteBundle).href}?build=${imports}`)) as SiteModule;
}

/** A site started from the server code (every page rendered afresh, with the current stylesheet and client). */
async function startSite(site: SiteModule): Promise<NonNullable<typeof running>> {
  const config = site.loadConfig(siteEnv);
  // One logger for every site: its pretty-printing runs in a worker thread.
  logger ??= site.createLogger(config);
  return site.startSite(config, logger, devDist);
}

/** Stops listening; what it is answering is finished, its idle connections closed. */
function stopSite(site: NonNullable<typeof running>): void {
  site.server.close();
  site.server.closeIdleConnections();
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function sendFailure(res: ServerResponse, message: string): void {
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Build failed</title>
<body style="font: 16px/1.5 system-ui, sans-serif; margin: 2rem; background: #fff4f4; color: #3b0a0a">
<h1>Build failed</h1><p>Fix the file and save: this page reloads once the site builds again.</p>
<pre id="dev-build-error" style="white-space: pre-wrap; background: #fff; padding: 1rem; border: 1px solid #e0a0a0">${escapeHtml(message)}</pre>
${reloadTag()}</body></html>`;
  res.writeHead(500, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; script-src ${reloadScriptHash}; style-src 'unsafe-inline'; connect-src 'self'`,
  });
  res.end(body);
}

/** Passes a request on to the site; an HTML page comes back with the reload script. */
function forward(req: IncomingMessage, res: ServerResponse, port: number): void {
  // Uncompressed, so that the script can be added to the page.
  const headers = { ...req.headers, 'accept-encoding': 'identity' };
  const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers }, (response) => {
    if (!response.headers['content-type']?.startsWith('text/html')) {
      res.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(res);
      return;
    }
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => {
      const body = Buffer.concat(chunks).toString().replace('</body>', `${reloadTag()}</body>`);
      // The page is sent whole, with its new length (none for a HEAD, which has no body to measure).
      const { 'content-length': _length, 'transfer-encoding': _encoding, ...headers } = response.headers;
      const policy = headers['content-security-policy'];
      if (typeof policy === 'string') headers['content-security-policy'] = allowReloadScript(policy);
      if (req.method !== 'HEAD') headers['content-length'] = String(Buffer.byteLength(body));
      res.writeHead(response.statusCode ?? 502, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) sendFailure(res, `The site did not answer: ${error.message}`);
    else res.destroy();
  });
  req.pipe(upstream);
}

const wantsPage = (req: IncomingMessage) => req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');

/** Settles once the site being started is running or has failed; requests wait for it, not for the one it replaces. */
let starting = Promise.resolve();

const front = createServer((req, res) => {
  if (req.url === EVENTS_PATH) {
    openEvents(res);
    return;
  }
  void starting.then(() => {
    if (failure && (wantsPage(req) || !running)) sendFailure(res, failure);
    else if (!running) sendFailure(res, 'The site is starting: this page reloads when it is ready.');
    else forward(req, res, running.port);
  });
});

// ---- The build.

/** Old hashed outputs removed, so that the site holds only the current build's files. */
function removeOutputsOtherThan(metafiles: esbuild.Metafile[]): void {
  const current = new Set(metafiles.flatMap((metafile) => Object.keys(metafile.outputs).map((file) => join(root, file))));
  for (const entry of readdirSync(assetsDir, { withFileTypes: true })) {
    const path = join(assetsDir, entry.name);
    if (entry.isFile() && !current.has(path)) rmSync(path);
  }
}

/** What went wrong, as the terminal and the page show it: esbuild's messages with file, line and code. */
function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'errors' in error && Array.isArray(error.errors)) {
    return esbuild.formatMessagesSync(error.errors as esbuild.Message[], { kind: 'error', color: false }).join('\n');
  }
  if (error instanceof Error)
    return [error.stack ?? error.message, error.cause instanceof Error ? `Caused by ${error.cause.stack}` : ''].join('\n');
  return String(error);
}

rmSync(devDist, { recursive: true, force: true });
mkdirSync(assetsDir, { recursive: true });
copyPublic(publicDir);
let animations = hashAnimations(assetsDir);
writeIcons(publicDir);

// Errors are reported once, by describe(), in the terminal and the page.
const quiet = { logLevel: 'silent' } as const;
const serverBuild = await esbuild.context({
  ...serverOptions,
  ...quiet,
  entryPoints: ['scripts/dev-site.ts'],
  outfile: siteBundle,
  packages: 'external',
  minify: false,
  legalComments: 'none',
  // Node's stack traces would not use it: it finds a module's map by the module's
  // URL, and this one is imported under a new URL after every build.
  sourcemap: false,
});
// The island modules and the stylesheet apart, so that a saved stylesheet is all that is rebuilt.
// The lazily loaded modules' URLs are constants in the islands: new ones need a new context.
const browserBuild = (entryPoints: Record<string, string>) =>
  esbuild.context({ ...clientOptionsWith(lazyModuleUrls), ...quiet, entryPoints, outdir: assetsDir });
const stylesheetEntry = 'shared/styles/site.css';
const lazyModuleInputs = new Set<string>();
let lazyModuleUrls = await buildLazyModules(assetsDir, lazyModuleInputs);
let scriptBuild = await browserBuild(islandEntryPoints());
const stylesheetBuild = await browserBuild({ site: stylesheetEntry });
let scriptMetafile: esbuild.Metafile | undefined;
let stylesheetMetafile: esbuild.Metafile | undefined;

/** What a save may need rebuilt. */
interface Bundle {
  /** What the terminal calls it after a rebuild. */
  name: string;
  /** Builds it, and resolves with the files it was built from (relative to the root, as esbuild names them). */
  build: () => Promise<Set<string>>;
  /** The files it was last built from; none before it has built, or since it failed. */
  inputs?: Set<string>;
}
const inputsOf = (metafile: esbuild.Metafile | undefined) => new Set(Object.keys(metafile!.inputs));

const server: Bundle = { name: 'the server', build: async () => inputsOf((await serverBuild.rebuild()).metafile) };
const script: Bundle = {
  name: 'the island modules',
  build: async () => inputsOf((scriptMetafile = (await scriptBuild.rebuild()).metafile)),
};
const stylesheet: Bundle = {
  name: 'the stylesheet',
  build: async () => inputsOf((stylesheetMetafile = (await stylesheetBuild.rebuild()).metafile)),
};
const lazyModules: Bundle = {
  name: 'the lazily loaded modules',
  inputs: lazyModuleInputs,
  build: async () => {
    rmSync(join(assetsDir, 'lazy'), { recursive: true, force: true });
    const inputs = new Set<string>();
    const urls = await buildLazyModules(assetsDir, inputs);
    if (JSON.stringify(urls) !== JSON.stringify(lazyModuleUrls)) {
      lazyModuleUrls = urls;
      await scriptBuild.dispose();
      scriptBuild = await browserBuild(islandEntryPoints());
      script.inputs = undefined;
    }
    return inputs;
  },
};
const bundles = [lazyModules, server, script, stylesheet];
/** Whether a bundle's last build read the file. */
const readByABundle = (file: string) => bundles.some((bundle) => bundle.inputs?.has(file));

/**
 * Whether a bundle needs building for the changed files: one of them is its input, or one of no bundle's (a new file,
 * or one only a failed build read: which bundle needs it is not known), or it has no build to go by. Decided for
 * every bundle before any starts, since a bundle forgets its inputs while it builds.
 */
function needsBuilding(bundle: Bundle, changed: Set<string>): boolean {
  if (!bundle.inputs) return true;
  return [...changed].some((file) => bundle.inputs!.has(file) || !readByABundle(file));
}

async function build(bundle: Bundle): Promise<void> {
  bundle.inputs = undefined;
  bundle.inputs = await bundle.build();
}

/**
 * One rebuild for the files changed (paths relative to the root): public/
 * copied again if it changed, the bundles they affect, then a new site,
 * from newly imported server code if that was rebuilt.
 */
async function rebuild(changed: Set<string>): Promise<void> {
  const started = performance.now();
  const done: string[] = [];
  // public/ is copied, never bundled: its files are no bundle's inputs.
  const published = [...changed].filter((file) => file.startsWith(`public${sep}`));
  const sources = new Set([...changed].filter((file) => !published.includes(file)));
  try {
    if (published.length > 0) {
      copyPublic(publicDir);
      animations = hashAnimations(assetsDir);
      done.push('public/ copied');
    }
    // The lazily loaded modules first: new URLs make a new client entry.
    if (needsBuilding(lazyModules, sources)) {
      await build(lazyModules);
      done.push(lazyModules.name);
    }
    const affected = [server, script, stylesheet].filter((bundle) => needsBuilding(bundle, sources));
    done.push(...affected.map((bundle) => bundle.name));
    // All settled before a failure is reported: no bundle is still building when the next save comes.
    const results = await Promise.allSettled(affected.map(build));
    for (const result of results) if (result.status === 'rejected') throw result.reason;
    const serverRebuilt = affected.includes(server);
    removeOutputsOtherThan([scriptMetafile!, stylesheetMetafile!]);
    const manifest = {
      islands: islandModules(scriptMetafile!, publicDir),
      stylesheet: outputUrl(stylesheetMetafile!, stylesheetEntry, publicDir),
      animations,
      builtAt: new Date().toISOString(),
      buildId: String(Date.now()),
    };
    writeFileSync(join(devDist, 'manifest.json'), JSON.stringify(manifest));
    // The whole stylesheet stands for the first paint's rules, which the release build chooses by rendering every page
    // (scripts/first-paint-styles.tsx): a save shows at once, and test/browser/first-paint-styles.test.ts checks the choice.
    copyFileSync(join(publicDir, manifest.stylesheet), join(devDist, FIRST_PAINT_STYLES));
    if (serverRebuilt || !serverCode) serverCode = await importServerCode();
  } catch (error) {
    fail(error);
    announce();
    return;
  }
  const built = performance.now();
  starting = startSite(serverCode).then(
    (site) => {
      if (running) stopSite(running);
      running = site;
      failure = undefined;
      console.log(
        `rebuilt in ${Math.round(built - started)} ms (${done.join(', ')}), site ready in ${Math.round(performance.now() - built)} ms`,
      );
    },
    (error: unknown) => fail(error),
  );
  // The pages reload while the site starts: their requests wait for it.
  announce();
  await starting;
}

function fail(error: unknown): void {
  failure = describe(error);
  console.error(`build failed (the last good site keeps running; pages show this error until a save fixes it):\n${failure}`);
}

/**
 * Whether a changed file can change a build. An editor that saves through a temporary file (sed -i, vim's backup
 * copy) is reported writing that file too, gone by the time the rebuild starts: if no bundle read it, nothing
 * depends on it. Unless a bundle has no build to go by (a failed one may be mended by a file's removal).
 */
function mayMatter(file: string): boolean {
  if (existsSync(join(root, file)) || file.startsWith(`public${sep}`)) return true;
  return readByABundle(file) || bundles.some((bundle) => !bundle.inputs);
}

let building = Promise.resolve();
let pending: NodeJS.Timeout | undefined;
let changed = new Set<string>();

function schedule(file: string): void {
  changed.add(file);
  clearTimeout(pending);
  pending = setTimeout(() => {
    const files = changed;
    changed = new Set();
    building = building.then(() => {
      const relevant = new Set([...files].filter(mayMatter));
      return relevant.size > 0 ? rebuild(relevant) : undefined;
    });
  }, SETTLE_MS);
}

for (const folder of watchedFolders) {
  // Without a file name (some platforms), the folder: in no bundle's inputs, so everything is rebuilt.
  watch(join(root, folder), { recursive: true }, (_event, file) => schedule(file ? join(folder, file) : folder));
}

const host = process.env.HOST ?? '127.0.0.1';
front.once('error', (error) => {
  console.error(`could not listen on ${host}:${process.env.PORT ?? 3000}: ${error.message}`);
  process.exit(1);
});
await new Promise<void>((resolve) => front.listen(Number(process.env.PORT ?? 3000), host, resolve));
console.log(
  `development site on http://${host}:${(front.address() as AddressInfo).port}/, rebuilt on every change in ${watchedFolders.join('/, ')}/`,
);
building = rebuild(new Set());
