// A small keep-alive load client that counts every outcome by kind: the status
// of each answer, and each failure by its error code, so that a test can tell
// a refused connection (nothing was sent) from a reset or a hang-up (a request
// was lost). autocannon counts all failures as one number.
import { spawn } from 'node:child_process';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { join } from 'node:path';

export interface LoadOptions {
  url: string;
  paths: string[];
  connections: number;
  /** Requests per second across all connections; unset: as fast as answers come. */
  rate?: number;
  headers?: Record<string, string>;
  /** TLS: the CA to trust. */
  ca?: Buffer;
  /** The client's own address (a loopback one: 127.0.0.2, 127.0.0.3…), for a proxy that limits per address. */
  localAddress?: string;
  /** The path of the n-th request, instead of `paths` in turn (distinct search queries). */
  pathAt?: (n: number) => string;
  /**
   * Send a request again (up to three times) when its connection is reset
   * before any answer: for a proxy that reloads under the load. A reloading
   * nginx's old workers close every client connection they hold without a
   * request in progress, kept-alive ones and ones they accepted an instant
   * before the reload alike; counted in `retried`, never hidden among the
   * statuses. What reaches the site is judged by the proxy's error log and the
   * statuses, not by these resets.
   */
  resendOnProxyReset?: boolean;
}

export interface LoadResult {
  total: number;
  statuses: Record<number, number>;
  errors: Record<string, number>;
  /** Requests sent again after a reset before any answer (resendOnProxyReset). */
  retried: number;
}

export interface RunningLoad {
  /** Stops sending and resolves once every request sent has settled. */
  stop: () => Promise<LoadResult>;
  /** Counts so far. */
  snapshot: () => LoadResult;
}

export function startLoad(options: LoadOptions): RunningLoad {
  const target = new URL(options.url);
  const tls = target.protocol === 'https:';
  const agent = tls
    ? new HttpsAgent({ keepAlive: true, maxSockets: options.connections, ca: options.ca, localAddress: options.localAddress })
    : new HttpAgent({ keepAlive: true, maxSockets: options.connections, localAddress: options.localAddress });
  const send = tls ? httpsRequest : httpRequest;
  const result: LoadResult = { total: 0, statuses: {}, errors: {}, retried: 0 };
  let running = true;
  let sent = 0;
  const started = performance.now();

  const one = (path: string, retries = options.resendOnProxyReset ? 3 : 0): Promise<void> =>
    new Promise<void>((resolve) => {
      let answered = false;
      const req = send(
        { host: target.hostname, port: target.port, path, agent, headers: options.headers, servername: tls ? 'localhost' : undefined },
        (res) => {
          answered = true;
          res.resume();
          res.on('end', () => {
            result.total++;
            result.statuses[res.statusCode ?? 0] = (result.statuses[res.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
          res.on('error', (error: NodeJS.ErrnoException) => fail(error));
        },
      );
      const fail = (error: NodeJS.ErrnoException) => {
        // The agent may hand the request another connection the same reload closes: a few times.
        if (retries > 0 && error.code === 'ECONNRESET' && !answered) {
          result.retried++;
          resolve(one(path, retries - 1));
          return;
        }
        result.total++;
        const code = error.code ?? error.message;
        result.errors[code] = (result.errors[code] ?? 0) + 1;
        resolve();
      };
      req.on('error', fail);
      req.end();
    });

  const worker = async (index: number) => {
    while (running) {
      if (options.rate) {
        // Paced: request n is due at n / rate seconds after the start.
        const due = started + (sent / options.rate) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (!running) break;
      }
      const path = options.pathAt ? options.pathAt(sent) : options.paths[(sent + index) % options.paths.length]!;
      sent++;
      await one(path);
    }
  };
  const workers = Array.from({ length: options.connections }, (_, index) => worker(index));

  return {
    snapshot: () => structuredClone(result),
    stop: async () => {
      running = false;
      await Promise.all(workers);
      agent.destroy();
      return result;
    },
  };
}

/** startLoad in a child process (load-process.ts), at the lowest CPU priority, for `seconds`; resolves with its result. */
export function loadInProcess(options: Omit<LoadOptions, 'pathAt'> & { seconds: number; distinctSearches?: string }): Promise<LoadResult> {
  // At the lowest priority (nice 19): the load stands for another machine's
  // clients, and its own CPU time must not come out of the servers' (what it
  // makes them do, nginx's work and the site's, counts in full).
  const child = spawn(
    'nice',
    [
      '-n',
      '19',
      process.execPath,
      '--import',
      'tsx',
      join(import.meta.dirname, 'load-process.ts'),
      JSON.stringify({ ...options, ca: options.ca?.toString() }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output) as LoadResult) : reject(new Error(`the load process exited with ${code}`)),
    );
  });
}
