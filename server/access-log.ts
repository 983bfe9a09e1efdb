// One structured line per request, including the requests Node's own parser
// refuses before the app sees them (malformed, oversized, smuggling attempts).
// The path is logged without its query string and no header or body is; the
// client's address is (the Privacy Policy says so: server logs keep it to keep
// the service secure), as the proxy reported it when TRUST_PROXY allows.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from 'proxy-addr';
import { lineWriter, type Logger } from './logger.js';
import { refusedByParser } from './plain-text.js';
import type { TrustProxy } from './redirects.js';
import type { RequestRecorder } from './request-watch.js';
import { wasShed } from './shed.js';

/**
 * The access log. `trust` is Express's compiled "trust proxy" function, so the
 * address is the one `req.ip` gives, for requests Express never sees as well.
 * The line's JSON is made here (server/logger.ts's lineWriter says why): the
 * request id matches `[\w.:-]` or is a UUID (request-guards.ts), the method is
 * one Node's parser knows, the numbers are numbers. The path and the address
 * can hold characters JSON escapes: with TRUST_PROXY set to a hop count, the
 * address is X-Forwarded-For's entry as sent, unchecked.
 */
export function accessLog(logger: Logger, trust: TrustProxy): RequestRecorder {
  const write = lineWriter(logger);
  return (req, res, requestId, path, seconds, bytes) => {
    // Counted and summarised once a second instead (server/shed.ts).
    if (wasShed(res)) return;
    const level = res.statusCode >= 500 ? 'error' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    // None once the socket is gone before its address was read (an aborted pipelined request).
    const ip = proxyAddr(req, trust) as string | undefined;
    write(
      level,
      `,"requestId":"${requestId}","method":"${req.method}","path":${JSON.stringify(path)},"status":${res.statusCode},"durationMs":${Math.round(seconds * 1e5) / 100},"bytes":${bytes}${ip === undefined ? '' : `,"ip":${JSON.stringify(ip)}`}${res.writableFinished ? '' : ',"aborted":true'},"msg":"request"`,
    );
  };
}

/** The status Node itself gives a request its parser refuses. */
function statusFor(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT') return 408;
  return 400;
}

/** Answers a request Node's parser refuses as Node itself would, and logs it. */
export function logClientErrors(server: Server, logger: Logger): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // A client that hung up mid-request is not a rejected request.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      logger.debug({ code: error.code, ip: socket.remoteAddress }, 'client went away');
      socket.destroy();
      return;
    }
    const status = statusFor(error.code);
    logger.info({ status, code: error.code, ip: socket.remoteAddress }, 'request rejected by the parser');
    socket.end(refusedByParser(status));
    // Whatever the client goes on sending is not read.
    setTimeout(() => socket.destroy(), 1_000).unref();
  });
}
