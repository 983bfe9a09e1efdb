// Raw HTTP over a socket, for requests no well-behaved client would send.
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/** A connection to the server; with allowHalfOpen, it goes on sending after the server has closed its side, as an uploading client does. */
/** A connection to the server on loopback; localAddress (127.0.0.2, …) makes it come from another client. */
export function openSocket(
  port: number,
  { allowHalfOpen = false, localAddress }: { allowHalfOpen?: boolean; localAddress?: string } = {},
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen, localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with everything the server sends until it closes the connection. */
export function readUntilClose(socket: Socket): Promise<RawResponse> {
  return new Promise((resolve) => {
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const split = data.indexOf('\r\n\r\n');
      const head = split === -1 ? data : data.slice(0, split);
      resolve({ status: Number(head.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0), head, body: split === -1 ? '' : data.slice(split + 4) });
    });
  });
}

/** Header fields as they are written in a request head: each `Name: value` line with its CRLF. */
export function headerLines(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
}

export async function rawRequest(port: number, text: string): Promise<RawResponse> {
  const socket = await openSocket(port);
  const response = readUntilClose(socket);
  socket.end(text);
  return response;
}

/**
 * Clients that each, for the given seconds, connect, write the flood without reading it, leave the socket to
 * `handle` (wait, read some), hang up, and come again at once (after 50 ms when refused). Resolves with the
 * connections made.
 */
export async function reconnectingFlood(
  port: number,
  { clients, seconds, flood, handle }: { clients: number; seconds: number; flood: string; handle: (socket: Socket) => Promise<unknown> },
): Promise<number> {
  const end = performance.now() + seconds * 1_000;
  let connections = 0;
  const client = async () => {
    while (performance.now() < end) {
      const socket = await openSocket(port).catch(() => undefined);
      if (!socket) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      connections++;
      socket.on('error', () => undefined);
      socket.pause();
      socket.write(flood);
      await handle(socket);
      socket.destroy();
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return connections;
}
