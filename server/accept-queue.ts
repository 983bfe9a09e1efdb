// Closing a listener without resetting the connections waiting in its accept
// queue. The kernel completes a client's handshake on its own and keeps the
// connection in the listener's queue until the process accepts it; closing
// the listener resets every connection still queued, and a proxy that has
// already sent its request on one reads a reset (nginx logs "recv() failed
// (104: Connection reset by peer)"). A process short of CPU accepts late, so
// under load, at the moment the drain closes the listener, the queue is
// seldom empty. So the drain closes it only when the kernel reports the queue
// empty; until then it lets the event loop accept what is waiting (accepts
// happen in the loop's poll phase, and a setImmediate callback runs right
// after it). The gap left between reading the queue and closing the listener
// is a few microseconds instead of an event loop's turn.
//
// The queue's length is read from /proc/net/tcp and tcp6 (Linux: a listening
// socket's rx_queue there is its accept backlog). Where they cannot be read,
// or for longer than the bound, the listener closes at once, as before.
import { readFileSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { Server as NetServer } from 'node:net';

/** Longest the close waits for the queue to empty (a flood could keep it filling). */
const MAX_WAIT_MS = 1_000;

const LISTEN = '0A';
const SYN_RECV = '03';

/**
 * Connections on their way to this port's listener, from /proc/net/tcp's
 * text: those waiting in its accept queue (a listening socket's rx_queue),
 * and those whose handshake the kernel has not finished (SYN_RECV: the client
 * may already count itself connected and have sent its request); undefined
 * when no listener of the port is listed.
 */
export function queuedOnPort(procNetTcp: string, port: number): number | undefined {
  let listening = false;
  let queued = 0;
  for (const line of procNetTcp.split('\n').slice(1)) {
    // sl local_address rem_address st tx_queue:rx_queue ...
    const [, local, , state, queues] = line.trim().split(/\s+/);
    if (!local || !queues || (state !== LISTEN && state !== SYN_RECV)) continue;
    if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) !== port) continue;
    if (state === SYN_RECV) queued++;
    else {
      listening = true;
      queued += Number.parseInt(queues.slice(queues.indexOf(':') + 1), 16);
    }
  }
  return listening ? queued : undefined;
}

/** The accept queue's length for this port, or undefined where the system does not say. */
export function acceptQueueLength(port: number): number | undefined {
  let queued: number | undefined;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'latin1');
    } catch {
      continue;
    }
    const onFile = queuedOnPort(text, port);
    if (onFile !== undefined) queued = (queued ?? 0) + onFile;
  }
  return queued;
}

/** How often the queue is read while it is not empty (the read lists every socket of the host's network namespace). */
const RECHECK_MS = 5;

/**
 * Stops listening once no connection waits in the accept queue (or after
 * MAX_WAIT_MS), calls stopped at that moment, then done when the last
 * connection has gone. Until stopped, the server answers as before: had its
 * answers begun to close their connections, the clients would reconnect into
 * the queue faster than a busy process empties it.
 * net.Server's close, not http.Server's: since Node 19 the latter also
 * destroys every idle keep-alive connection at once, which resets the
 * requests clients are sending on them at that moment.
 */
export function closeListener(
  server: Server,
  { stopped, done }: { stopped: () => void; done: () => void },
  queueLength = acceptQueueLength,
): void {
  const address = server.address() as AddressInfo | null;
  const giveUpAt = performance.now() + MAX_WAIT_MS;
  const attempt = () => {
    const queued = address ? queueLength(address.port) : undefined;
    if (queued && performance.now() < giveUpAt) {
      // Accepts happen in the event loop's poll phase; an immediate runs right after it.
      setTimeout(() => setImmediate(attempt), RECHECK_MS);
      return;
    }
    NetServer.prototype.close.call(server, done);
    stopped();
  };
  attempt();
}
