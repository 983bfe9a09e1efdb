// One structured line per request (pino-http), including the requests Node's
// own parser refuses before the app sees them (malformed, oversized, smuggling
// attempts). The path is logged without its query string and no header or
// body is; the client's address is (the Privacy Policy says so: server logs
// keep it to keep the service secure), as the proxy reported it when
// TRUST_PROXY allows.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import proxyAddr from 'proxy-addr';
import type { Logger } from './logger.js';
import { refusedByParser } from './plain-text.js';
import type { TrustProxy } from './redirects.js';
import { pathOf } from './request-target.js';

const requestIdPattern = /^[\w.:-]{1,128}$/;

/** The load balancer's X-Request-Id when it is sane, or a new one. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}

/** When each request started and how many bytes its connection had sent by then. */
const starts = new WeakMap<ServerResponse, { started: bigint; sentBefore: number }>();

/**
 * The request id (sent back as X-Request-Id) and the access line, written when
 * the response is finished or abandoned (then `aborted: true`). `bytes` is what
 * the response wrote to the connection, head included (nginx's
 * $bytes_sent); 5xx responses are logged at error level.
 */
export function accessLog(logger: Logger, trust: TrustProxy): RequestHandler {
  const fields = (req: IncomingMessage, res: ServerResponse) => {
    const start = starts.get(res);
    // None once the socket is gone before its address was read (an aborted pipelined request).
    const ip = proxyAddr(req, trust) as string | undefined;
    return {
      requestId: (req as IncomingMessage & { id: string }).id,
      method: req.method,
      path: pathOf(req),
      status: res.statusCode,
      durationMs: start ? Math.round(Number(process.hrtime.bigint() - start.started) / 1e4) / 100 : undefined,
      bytes: start ? req.socket.bytesWritten - start.sentBefore : undefined,
      ip,
      aborted: res.writableFinished ? undefined : true,
    };
  };
  return pinoHttp({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    genReqId(req, res) {
      starts.set(res, { started: process.hrtime.bigint(), sentBefore: req.socket.bytesWritten });
      const id = requestIdOf(req);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res) => (res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
    customSuccessObject: (req, res) => fields(req, res),
    customErrorObject: (req, res) => fields(req, res),
  });
}

/** The status Node itself gives a request its parser refuses. */
function statusFor(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT') return 408;
  return 400;
}

/**
 * Responds to a request Node's parser refuses as Node itself would, and logs
 * it. An error in the body of a request that has had its response (a
 * malformed chunk after a 413) belongs to that request: the connection is
 * closed after the response, and no second one is sent.
 */
export function logClientErrors(server: Server, logger: Logger): void {
  const lastRequest = new WeakMap<Socket, IncomingMessage>();
  server.on('request', (req: IncomingMessage) => lastRequest.set(req.socket, req));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // A client that hung up mid-request is not a rejected request.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      logger.debug({ code: error.code, ip: socket.remoteAddress }, 'client went away');
      socket.destroy();
      return;
    }
    const unfinished = lastRequest.get(socket);
    if (unfinished && !unfinished.complete) {
      logger.info({ code: error.code, ip: socket.remoteAddress }, 'request body rejected by the parser');
      // Whatever the response has written goes out before the close.
      socket.end();
    } else {
      const status = statusFor(error.code);
      logger.info({ status, code: error.code, ip: socket.remoteAddress }, 'request rejected by the parser');
      socket.end(refusedByParser(status));
    }
    // Whatever the client goes on sending is not read.
    setTimeout(() => socket.destroy(), 1_000).unref();
  });
}
