import { once } from 'node:events';
import type { AddressInfo, Server } from 'node:net';

/** Starts `server` listening on a free loopback port (test traffic stays on the machine) and resolves with the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}
