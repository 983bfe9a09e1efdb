// Every short plain-text response (errors, the probes, the metrics port's refusals, parser refusals): none may be cached.
import type { ServerResponse } from 'node:http';

// Not an import: server/start.ts says why.
const { STATUS_CODES } = process.getBuiltinModule('node:http');

const reasonPhrase = (status: number): string => STATUS_CODES[status] ?? 'Error';

/** Headers already set (security headers, the request id) stay; Node sends no body in response to HEAD. */
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

/** Written to the connection itself, as a refused request has no response object; like Node's own, it closes. */
export const refusedByParser = (status: number, headers = ''): string =>
  `HTTP/1.1 ${status} ${reasonPhrase(status)}\r\n${headers}Connection: close\r\nContent-Length: 0\r\n\r\n`;
