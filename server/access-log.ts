// One line per request the app answers (server/parser-refusals.ts logs the rest): the path without its query, no header
// or body, and the client's address as a trusted proxy reported it (the Privacy Policy says server logs keep it).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import proxyAddr from 'proxy-addr';
import { isNotReadyAnswer } from './health.js';
import type { Logger } from './logger.js';
import type { TrustProxy } from './redirects.js';
import { wasShed } from './shed.js';

/** Characters of a path the access line keeps: a longer one is cut, and its length given (pathLength). */
export const MAX_LOGGED_PATH = 256;

const requestIdPattern = /^[\w.:-]{1,128}$/;

/** The load balancer's X-Request-Id when it is sane, or a new one. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}

/** The request id (echoed as X-Request-Id) and the access line; `bytes` is head and body written, as nginx's $bytes_sent. */
export function accessLog(logger: Logger, trust: TrustProxy): RequestHandler {
  // Where the last answer on each connection ended: pipelined answers go in turn, so the next one's bytes start there.
  const answeredUpTo = new WeakMap<Socket, number>();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const socket = req.socket;
    const requestId = requestIdOf(req);
    res.setHeader('X-Request-Id', requestId);
    // Measured ahead of Node's own 'finish' listener, which starts writing the next pipelined answer.
    let endedAt: number | undefined;
    res.prependOnceListener('finish', () => (endedAt = socket.bytesWritten));
    // 'close' comes once the response is finished, or abandoned with its connection.
    res.once('close', () => {
      const end = endedAt ?? socket.bytesWritten;
      const bytes = end - (answeredUpTo.get(socket) ?? 0);
      answeredUpTo.set(socket, end);
      // Counted and summarised once a second instead (server/shed.ts).
      if (wasShed(res)) return;
      // /readyz's 503 (starting, draining) is the answer a probe asked for, not a failure.
      const level = res.statusCode >= 500 && !isNotReadyAnswer(res) ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      // None once the socket is gone before its address was read (an aborted pipelined request).
      const ip = proxyAddr(req, trust) as string | undefined;
      const path = req.path;
      const long = path.length > MAX_LOGGED_PATH;
      logger[level](
        {
          requestId,
          method: req.method,
          path: long ? path.slice(0, MAX_LOGGED_PATH) : path,
          pathLength: long ? path.length : undefined,
          status: res.statusCode,
          durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
          bytes,
          ip,
          aborted: res.writableFinished ? undefined : true,
        },
        'request',
      );
    });
    next();
  };
}
