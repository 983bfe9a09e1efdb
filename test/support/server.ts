// Starts the production build exactly as the container does (node
// dist/server/main.js) on a free loopback port, and collects its output.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { distDir } from './app.js';
import { listenOnLoopback } from './loopback.js';

const sourceDirs = ['server', 'shared', 'client'].map((dir) => join(import.meta.dirname, '..', '..', dir));

function newestSource(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) =>
      entry.isDirectory() ? newestSource(join(dir, entry.name)) : statSync(join(dir, entry.name)).mtimeMs,
    ),
  );
}

/**
 * The process-level tests run the build; a build older than the sources would
 * test code that no longer exists. Fails with a message that says what to do.
 */
function assertBuildIsCurrent(): void {
  const entry = join(distDir, 'server', 'index.js');
  let built: number;
  try {
    built = statSync(entry).mtimeMs;
  } catch {
    throw new Error(`No build at ${entry}: run "npm run build" first.`);
  }
  const newest = Math.max(...sourceDirs.map(newestSource));
  if (newest > built) throw new Error(`${distDir} is older than the sources in server/, shared/ or client/: run "npm run build" first.`);
}

export interface RunningServer {
  url: string;
  port: number;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Sends SIGTERM and resolves with the exit code, once stdout and stderr hold all the process wrote. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export interface StartOptions {
  /** false stops collecting stdout once ready (for long benchmark runs). */
  keepOutput?: boolean;
  /** Another copy of the build (the image's file set): the folder to run `node <command>` in. */
  cwd?: string;
  /** Arguments to node; the build's own entry unless given. */
  command?: string[];
  /** The process's open-files limit (`ulimit -n`, set by the shell that then becomes node). */
  fileLimit?: number;
}

/**
 * How long a server may take to say it is ready before the test gives up on it: a bound for a start-up that hangs,
 * not a measure of its speed (npm run bench and docs/performance.md measure that). A start-up renders and compresses
 * every page, about a second and a half of work on an idle core; in the main batch, beside three browsers and other
 * servers starting on two cores, one took more than 10 s.
 */
const READY_BOUND_MS = 30_000;

export function startServer(
  env: Record<string, string> = {},
  { keepOutput = true, cwd, command, fileLimit }: StartOptions = {},
): Promise<RunningServer> {
  if (!command) assertBuildIsCurrent();
  const args = command ?? [join(distDir, 'server', 'main.js')];
  // exec: the shell becomes node, so signals and the pid are node's own.
  const [file, argv] =
    fileLimit === undefined
      ? [process.execPath, args]
      : ['/bin/sh', ['-c', `ulimit -n ${fileLimit} && exec "$0" "$@"`, process.execPath, ...args]];
  const child = spawn(file, argv, {
    cwd,
    // Metrics off unless a test asks for them: servers run side by side, and the default port is one for all.
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test that fails before it stops its server must not leave it running.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
  let out = '';
  let err = '';
  let ready = false;
  child.stdout.on('data', (chunk) => {
    if (keepOutput || !ready) out += chunk;
  });
  child.stderr.on('data', (chunk) => (err += chunk));
  // 'close', not 'exit': Node documents that stdout and stderr may still be
  // open at 'exit', and a test reads its last lines once stop() resolves.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));

  const running = (port: number): RunningServer => ({
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    stdout: () => out,
    stderr: () => err,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  });

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not become ready in ${READY_BOUND_MS / 1000} s:\n${out}\n${err}`));
    }, READY_BOUND_MS);
    void exited.then((code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`server exited with ${code} before it was ready:\n${out}\n${err}`));
    });
    const becomeReady = (port: number) => {
      ready = true;
      clearTimeout(timer);
      resolve(running(port));
    };
    if (quietLevels.has(env.LOG_LEVEL ?? '')) {
      // No "ready" line below the info level: ask /readyz on the port given.
      const port = Number(env.PORT);
      if (!port) throw new Error('a server started with LOG_LEVEL above info needs a fixed PORT');
      const poll = (): void =>
        void fetch(`http://127.0.0.1:${port}/readyz`).then(
          (res) => (res.ok ? becomeReady(port) : setTimeout(poll, 50)),
          () => child.exitCode === null && setTimeout(poll, 50),
        );
      poll();
      return;
    }
    child.stdout.on('data', () => {
      if (ready) return;
      // A chunk can end inside a line (a busy server writes its access log
      // as it goes): parse only the lines already ended.
      const readyLine = out
        .slice(0, out.lastIndexOf('\n') + 1)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { msg?: string; port?: number })
        .find((line) => line.msg?.startsWith('ready on'));
      if (readyLine?.port) becomeReady(readyLine.port);
    });
  });
}

const quietLevels = new Set(['warn', 'error', 'fatal', 'silent']);

/** A loopback port another listener holds, to make a start-up fail on it; close the holder after. */
export async function takenPort(): Promise<{ holder: NetServer; port: number }> {
  const holder = createNetServer();
  return { holder, port: await listenOnLoopback(holder) };
}

/** A loopback port free at the time of asking (for the metrics port, which 0 turns off rather than picks). */
export async function freePort(): Promise<number> {
  const { holder, port } = await takenPort();
  await new Promise((resolve) => holder.close(resolve));
  return port;
}
