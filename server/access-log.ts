// One structured line per request, including the requests Node's
// own parser refuses before the app sees them (malformed, oversized, smuggling
// attempts). The path is logged without its query string and no header or
// body is; the client's address is (the Privacy Policy says so: server logs
// keep it to keep the service secure), as the proxy reported it when
// TRUST_PROXY allows.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import proxyAddr from 'proxy-addr';
import { isNotReadyAnswer } from './health.js';
import type { Logger } from './logger.js';
import { refusedByParser } from './plain-text.js';
import type { TrustProxy } from './redirects.js';
import { wasShed } from './shed.js';
import { pathOf } from './request-target.js';

/** Characters of a path the access line keeps: a longer one is cut, and its length given (pathLength). */
export const MAX_LOGGED_PATH = 256;

const requestIdPattern = /^[\w.:-]{1,128}$/;

/** The load balancer's X-Request-Id when it is sane, or a new one. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}

/**
 * The request id (sent back as X-Request-Id) and the access line, written when
 * the response is finished or abandoned (then `aborted: true`). `bytes` is what
 * the response wrote to the connection, head included (nginx's
 * $bytes_sent); 5xx responses are logged at error level, but for /readyz's 503.
 */
export function accessLog(logger: Logger, trust: TrustProxy): RequestHandler {
  // Where the last answer on each connection ended: the next one's bytes start there (pipelined requests are
  // answered in turn, each after the one before has finished).
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
      const path = pathOf(req);
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

/** The status Node itself gives a request its parser refuses. */
function statusFor(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT') return 408;
  return 400;
}

/**
 * Responds to a request Node's parser refuses as Node itself would, with the
 * security headers every answer carries (securityHeaders: header lines), and logs
 * it. An error in the body of a request that has had its response (a
 * malformed chunk after a 413) belongs to that request: the connection is
 * closed after the response, and no second one is sent. A refused request
 * pipelined behind one still being answered waits for that answer: the client
 * gets both, in order, then the close.
 */
export function logClientErrors(server: Server, logger: Logger, securityHeaders: string): void {
  const lastExchange = new WeakMap<Socket, { req: IncomingMessage; res: ServerResponse }>();
  const remember = (req: IncomingMessage, res: ServerResponse) => lastExchange.set(req.socket, { req, res });
  // Every way a request reaches the site (server/start.ts).
  for (const event of ['request', 'checkContinue', 'checkExpectation']) server.on(event, remember);
  const refused = new WeakSet<Socket>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Node's parser reports again on each later read of a connection it has failed on: one answer per connection.
    if (refused.has(socket)) return;
    refused.add(socket);
    // A client that hung up mid-request is not a rejected request.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      logger.debug({ code: error.code, ip: socket.remoteAddress }, 'client went away');
      socket.destroy();
      return;
    }
    // Whatever the client goes on sending is not read.
    const stopReading = () => setTimeout(() => socket.destroy(), 1_000).unref();
    const last = lastExchange.get(socket);
    if (last && !last.req.complete) {
      logger.info({ code: error.code, ip: socket.remoteAddress }, 'request body rejected by the parser');
      // Whatever the response has written goes out before the close.
      socket.end();
      stopReading();
      return;
    }
    const status = statusFor(error.code);
    logger.info({ status, code: error.code, ip: socket.remoteAddress }, 'request rejected by the parser');
    const refuse = () => {
      socket.end(refusedByParser(status, securityHeaders));
      stopReading();
    };
    if (!last || last.res.writableFinished) refuse();
    else last.res.once('close', () => (last.res.writableFinished ? refuse() : socket.destroy()));
  });
  // CONNECT (a tunnel) never reaches the app: Node hands over the bare connection. It is a method the site does not
  // allow, answered and logged as the app answers the others.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    logger.info({ method: req.method, status: 405, ip: socket.remoteAddress }, 'request refused: CONNECT');
    socket.on('error', () => socket.destroy());
    socket.end(refusedByParser(405, `Allow: GET, HEAD\r\n${securityHeaders}`));
  });
}
