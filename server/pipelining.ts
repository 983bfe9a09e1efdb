// The connection's first bound, ahead of the app: a client that queues more
// requests than a browser ever would is not reading its responses.
import type { RequestListener } from 'node:http';
import type { Socket } from 'node:net';

// Browsers do not pipeline. Node hands every request it parsed (thousands in 64 KB) to the listener, even once the
// connection is destroyed: those go no further than this check, so a flood costs Node's request objects, not the app's.
const MAX_PIPELINED = 8;

export function limitPipelining(listener: RequestListener): RequestListener {
  const unanswered = new WeakMap<Socket, number>();
  return (req, res) => {
    const socket = req.socket;
    const count = (unanswered.get(socket) ?? 0) + 1;
    if (socket.destroyed || count > MAX_PIPELINED) {
      socket.destroy();
      return;
    }
    unanswered.set(socket, count);
    res.once('close', () => unanswered.set(socket, (unanswered.get(socket) ?? 1) - 1));
    listener(req, res);
  };
}
