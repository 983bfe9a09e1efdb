// Every short plain-text response the server writes, in one shape: errors ("Not
// Found"), the health probes ("ok"), the metrics port's refusals, and the bare
// response to a request Node's parser refused. None may be cached.
import type { ServerResponse } from 'node:http';

// Not an import: server/start.ts says why.
const { STATUS_CODES } = process.getBuiltinModule('node:http');

/** "Not Found": the status's own reason phrase ("Error" for a status Node has no name for). */
const reasonPhrase = (status: number): string => STATUS_CODES[status] ?? 'Error';

/**
 * A short plain-text response that no cache keeps. Headers already set on the
 * response (security headers, the request id) stay; a HEAD gets the head alone
 * (Node sends no body in response to HEAD).
 */
export function sendPlain(
  res: ServerResponse,
  status: number,
  text = `${reasonPhrase(status)}\n`,
  headers: Record<string, string> = {},
): void {
  const body = Buffer.from(text);
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
    'Content-Length': body.length,
  });
  res.end(body);
}

/**
 * The response to a request Node's parser refused, written to the connection
 * itself (no response object exists for it): as Node's own, the status line,
 * Connection: close and no body.
 */
export const refusedByParser = (status: number, headers = ''): string =>
  `HTTP/1.1 ${status} ${reasonPhrase(status)}\r\n${headers}Connection: close\r\nContent-Length: 0\r\n\r\n`;
