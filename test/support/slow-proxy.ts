// A loopback HTTP server in front of a running site that answers as the site
// does, except that the requests whose path matches are held for a while
// first: a slow network for one script, in every engine alike (classic
// WebDriver cannot intercept requests; decision 020). Its own port is its own
// origin, so nothing the browser cached from the site itself is reused.
import { createServer, request } from 'node:http';
import { listenOnLoopback } from './loopback.js';

export interface SlowProxy {
  url: string;
  /** How many held requests were answered so far. */
  held: () => number;
  stop: () => Promise<void>;
}

export async function startSlowProxy(target: string, hold: RegExp, delayMs: number): Promise<SlowProxy> {
  const upstream = new URL(target);
  let held = 0;
  const server = createServer((req, res) => {
    const forward = () => {
      const out = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      req.pipe(out);
    };
    if (hold.test(req.url ?? '')) {
      setTimeout(() => {
        held++;
        forward();
      }, delayMs);
    } else forward();
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => held,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
