// What Node's HTTP parser refuses before the app sees a request (malformed, oversized or timed-out heads, smuggling), and
// CONNECT: each answered as Node would, with the security headers every response carries, and logged.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from './logger.js';
import { refusedByParser } from './plain-text.js';

// 'request', and the two Node emits instead for a request with an Expect header. The site reads no body, so it never
// sends 100 Continue, and any expectation just gets its response (RFC 9110 §10.1.1 allows that or 417).
export const requestEvents = ['request', 'checkContinue', 'checkExpectation'] as const;

/** The status Node itself gives a request its parser refuses. */
function statusFor(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT') return 408;
  return 400;
}

// A body error after its request's response (a malformed chunk after a 413) belongs to that request: the connection
// closes after the response, with no second one. A refusal pipelined behind an answer in progress waits for it.
export function answerParserRefusals(server: Server, logger: Logger, securityHeaders: string): void {
  const lastExchange = new WeakMap<Socket, { req: IncomingMessage; res: ServerResponse }>();
  const remember = (req: IncomingMessage, res: ServerResponse) => lastExchange.set(req.socket, { req, res });
  for (const event of requestEvents) server.on(event, remember);
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
  // CONNECT never reaches the app (Node hands over the bare connection): answered and logged as the app's 405s are.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    logger.info({ method: req.method, status: 405, ip: socket.remoteAddress }, 'request refused: CONNECT');
    socket.on('error', () => socket.destroy());
    socket.end(refusedByParser(405, `Allow: GET, HEAD\r\n${securityHeaders}`));
  });
}
