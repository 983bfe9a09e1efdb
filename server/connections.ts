// Connections, below Express: what one client may hold of the server, and the
// bookkeeping the shutdown drain needs. A client that pipelines requests and
// never reads its answers would otherwise make the server keep every answer in
// memory; one that stops reading mid-answer would hold its socket forever.
// A connection flooded with pipelined requests costs megabytes while Node parses
// them, whatever the app does, so the number of connections is what bounds
// memory (MAX_CONNECTIONS, sized to the pod: docs/operations.md).
//
// The bound must not become a denial of service: refusing new connections at
// the cap would let one client holding idle sockets lock everyone out, and
// resets a proxy's new upstream connections. So at the cap a new connection is
// always accepted, and one that is not being answered gives way: taken from the
// address that holds the most such connections (a client competes with itself
// first), the one that has been inactive longest. Only when every connection is
// busy being answered is the newcomer refused.
//
// Closing a kept-alive connection races its client, which may be sending its
// next request on it at that moment: a proxy then reads a reset. So a
// connection that answered within the last REUSE_GRACE_MS does not give way:
// the newcomer is let in above the cap instead, up to twice the cap, past
// which the least recently active gives way whatever its age. A client holding
// idle or half-sent sockets is not helped by this: its sockets age past the
// grace within seconds, and connections busy being answered never count.
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Open connections at most (sized to the pod's memory); at the cap a waiting one gives way to a newcomer. */
  maxConnections: number;
  /** Requests one connection may have unanswered at once (pipelined); past it the connection is dropped. */
  maxPipelined: number;
  /** An answer that makes no progress for this long (the client stopped reading) is abandoned with its socket. */
  stallMs: number;
}

/** How long a refused upload may go on being read (and discarded) after its answer. */
const LINGER_MS = 2_000;

/**
 * How long an idle kept-alive connection may still carry its client's next
 * request: twice the upstream keep-alive timeout of the example nginx
 * configuration (1 s), so that a proxy slowed by a busy machine has closed it
 * first. Neither the cap nor the shutdown drain closes a connection idle for
 * less: closing one the client is writing on is a reset the client reads.
 */
export const REUSE_GRACE_MS = 2_000;

/** Above the cap, room for newcomers while every connection that could give way is within its grace. */
const OVERFLOW_FACTOR = 2;

interface SocketState {
  /** Requests received and not yet fully written (or abandoned). */
  inFlight: number;
  /** Bytes read from the client when its last answer ended (or when it connected): more means a request is arriving. */
  readAtRest: number;
  /** The peer's address, as the connection came in (a proxy's, behind one). */
  address: string;
  /** When the connection last did anything the server counts (opened, or an answer ended), by performance.now(). */
  lastActive: number;
}

const stateKey = Symbol('connection state');
type TrackedSocket = Socket & { [stateKey]?: SocketState };

interface Waiting {
  socket: TrackedSocket;
  state: SocketState;
}

/** Of two connections not being answered, whether a gives way first: an idle one before one whose request is arriving, then the longer inactive. */
function givesWayBefore(a: Waiting, b: Waiting): boolean {
  const arrivingA = a.socket.bytesRead !== a.state.readAtRest;
  const arrivingB = b.socket.bytesRead !== b.state.readAtRest;
  if (arrivingA !== arrivingB) return arrivingB;
  return a.state.lastActive < b.state.lastActive;
}

export class Connections {
  /** The open connections. Each one's state lives on the socket itself, where the hot path reads it. */
  private readonly open = new Set<TrackedSocket>();

  constructor(
    server: Server,
    readonly limits: ConnectionLimits,
  ) {
    server.on('connection', (socket: TrackedSocket) => {
      if (this.open.size >= limits.maxConnections && !this.makeRoom()) {
        socket.destroy();
        return;
      }
      socket[stateKey] = { inFlight: 0, readAtRest: 0, address: socket.remoteAddress ?? '', lastActive: performance.now() };
      this.open.add(socket);
      socket.once('close', () => this.open.delete(socket));
    });
  }

  /**
   * Closes one connection that is not being answered, to let a new one in:
   * from the address holding the most of them, the least recently active, an
   * idle one before one whose request is still arriving; or, while that one
   * answered within its grace and the cap's overflow has room, none. False
   * when every connection is busy being answered.
   */
  private makeRoom(): boolean {
    const waiting = new Map<string, Waiting[]>();
    for (const socket of this.open) {
      const state = socket[stateKey];
      if (!state || state.inFlight > 0) continue;
      const fromAddress = waiting.get(state.address);
      if (fromAddress) fromAddress.push({ socket, state });
      else waiting.set(state.address, [{ socket, state }]);
    }
    let largest: Waiting[] | undefined;
    for (const fromAddress of waiting.values()) if (!largest || fromAddress.length > largest.length) largest = fromAddress;
    if (!largest) return false;
    const victim = largest.reduce((chosen, candidate) => (givesWayBefore(candidate, chosen) ? candidate : chosen));
    const overflowRoom = this.open.size < this.limits.maxConnections * OVERFLOW_FACTOR;
    if (overflowRoom && performance.now() - victim.state.lastActive < REUSE_GRACE_MS) return true;
    this.open.delete(victim.socket);
    victim.socket.destroy();
    return true;
  }

  /** Requests received and not yet answered, on every open connection: read when Prometheus scrapes, never counted twice. */
  requestsInFlight(): number {
    let inFlight = 0;
    for (const socket of this.open) inFlight += socket[stateKey]?.inFlight ?? 0;
    return inFlight;
  }

  /** The request listener, guarded: counts each connection's unanswered requests and bounds a stalled answer. */
  guard(listener: RequestListener): RequestListener {
    const { maxPipelined, stallMs } = this.limits;
    return (req: IncomingMessage, res: ServerResponse) => {
      const socket = req.socket as TrackedSocket;
      const state = socket[stateKey];
      if (!state || socket.destroyed) return;
      if (state.inFlight >= maxPipelined) {
        // Answers are queued in order behind one the client is not reading.
        // (Node still parses the rest of the chunk it has read, up to 64 KB of
        // requests; that cost per connection is what MAX_CONNECTIONS is sized by.)
        socket.destroy();
        return;
      }
      state.inFlight++;
      // Node clears the socket's timeout when a request begins and sets its
      // keep-alive timeout when the answer ends; in between, no progress for
      // stallMs (neither bytes read nor written) destroys the socket.
      socket.setTimeout(stallMs);
      // on, not once: a response closes once, and once's wrapper and removal are per-request work.
      res.on('close', () => {
        state.inFlight--;
        state.readAtRest = socket.bytesRead;
        state.lastActive = performance.now();
      });
      listener(req, res);
    };
  }

  /**
   * From the start of the drain, a connection is closed once it has been idle
   * (no request in flight, no byte received) for idleMs: Node's own keep-alive
   * timer, shortened; a proxy whose own upstream idle timeout is shorter
   * closes such connections first. A connection whose next request has begun
   * to arrive is not idle: it is answered (Node's request timeouts still bound
   * a client that never finishes). Bytes arriving reset the timer too, but a
   * client pausing mid-request, or a server starved of CPU for the idle time
   * (timers run before pending reads), would otherwise lose a request it had
   * started to send.
   */
  closeWhenIdle(server: Server, idleMs: number): void {
    server.keepAliveTimeout = idleMs;
    for (const socket of this.open) {
      const state = socket[stateKey];
      if (state?.inFlight === 0 && socket.bytesRead === state.readAtRest) socket.setTimeout(idleMs);
    }
  }

  get size(): number {
    return this.open.size;
  }
}

/**
 * After the answer, Node ends and destroys the socket at once; with the
 * client's upload still arriving, the kernel then sends a reset and the client
 * loses the answer. Instead, end our side and go on reading (and discarding)
 * until the client has finished or LINGER_MS has passed, as nginx's and
 * Apache's lingering close do. Node calls socket.destroySoon() for that close.
 */
export function lingerBeforeClosing(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    this.once('end', () => this.destroy());
    this.once('close', () => clearTimeout(timer));
    this.resume();
  };
}
