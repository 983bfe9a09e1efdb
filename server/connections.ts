// The open connections, for the shutdown drain (server/shutdown.ts): which
// are idle, so that each can be closed once it has been for a while, and how
// many are left. Limits on connections are Node's own (server/start.ts).
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long an idle kept-alive connection may still carry its client's next
 * request: twice the upstream keep-alive timeout of the example nginx
 * configuration (1 s), so that a proxy has closed it first. The drain closes
 * no connection idle for less: closing one the client is writing on is a
 * reset the client reads.
 */
export const REUSE_GRACE_MS = 2_000;

interface ConnectionState {
  /** Requests received and not yet fully written (or abandoned). */
  inFlight: number;
  /** Bytes read from the client when its last response ended: more means a request is arriving. */
  readAtRest: number;
}

export class Connections {
  private readonly open = new Map<Socket, ConnectionState>();

  constructor(server: Server) {
    server.on('connection', (socket: Socket) => {
      this.open.set(socket, { inFlight: 0, readAtRest: 0 });
      socket.once('close', () => this.open.delete(socket));
    });
    server.on('request', (req, res) => {
      const state = this.open.get(req.socket);
      if (!state) return;
      state.inFlight++;
      res.once('close', () => {
        state.inFlight--;
        state.readAtRest = req.socket.bytesRead;
      });
    });
  }

  /**
   * From the start of the drain, a connection is closed once it has been idle
   * (no request in flight, no byte received) for idleMs: Node's own keep-alive
   * timer, shortened. A connection whose next request has begun to arrive is
   * answered (Node's request timeouts still bound a client that never finishes).
   */
  closeWhenIdle(server: Server, idleMs: number): void {
    server.keepAliveTimeout = idleMs;
    for (const [socket, state] of this.open) {
      if (state.inFlight === 0 && socket.bytesRead === state.readAtRest) socket.setTimeout(idleMs);
    }
  }

  get size(): number {
    return this.open.size;
  }
}
