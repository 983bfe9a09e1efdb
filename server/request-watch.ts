// Watches each request to its end for whatever records finished requests (the
// access log; the metrics when they are on), on the fast path and in Express
// alike. One clock read at each end and one 'close' listener per request,
// however many recorders there are: on the cached path every per-request
// listener and closure shows in the throughput (scripts/bench.ts measures the
// metrics' cost against a server without them).
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Told of every request as it starts. */
export type RequestObserver = (req: IncomingMessage, res: ServerResponse, requestId: string, path: string) => void;

/**
 * Told of each request once its answer is done: sent, or abandoned (then
 * `res.writableFinished` is false). `bytes` is what the answer wrote to the
 * connection, head included (nginx's $bytes_sent): read from the socket's
 * count, so it holds for prepared answers written in one call and for
 * streamed pages alike, and for requests a connection carries in turn. The
 * exception is requests pipelined together: Node sends the next answer, held
 * while this one was written, before this one's close event, so the first of
 * them counts both (measured; browsers do not pipeline).
 */
export type RequestRecorder = (
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  path: string,
  seconds: number,
  bytes: number,
) => void;

export function watchRequests(recorders: readonly RequestRecorder[]): RequestObserver {
  return (req, res, requestId, path) => {
    const started = process.hrtime.bigint();
    const socket = req.socket;
    const sentBefore = socket.bytesWritten;
    // on, not once: a response closes once, and once's wrapper and removal are per-request work.
    res.on('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const bytes = socket.bytesWritten - sentBefore;
      for (const record of recorders) record(req, res, requestId, path, seconds, bytes);
    });
  };
}
