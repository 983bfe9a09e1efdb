// Requests refused as busy (a search answered 503): counted, and logged as one `warn` summary a second at most, so a
// flood fills neither the disk nor an error-rate alert; the access log leaves them out.
import type { ServerResponse } from 'node:http';
import { Counter, type Registry } from 'prom-client';
import type { Logger } from './logger.js';

const shedResponses = new WeakSet<ServerResponse>();

/** Whether this response was a refusal the shed summary already counts. */
export function wasShed(res: ServerResponse): boolean {
  return shedResponses.has(res);
}

export type Shed = (res: ServerResponse) => void;

const SUMMARY_MS = 1_000;

export function shedRequests(logger: Logger, registry?: Registry): Shed {
  const counter =
    registry &&
    new Counter({
      name: 'http_requests_shed_total',
      help: 'Requests answered 503 with Retry-After at once because every render slot was taken (the search page).',
      registers: [registry],
    });
  let unreported = 0;
  let timer: NodeJS.Timeout | undefined;
  const report = () => {
    timer = undefined;
    logger.warn({ shed: unreported, seconds: SUMMARY_MS / 1000 }, 'busy: requests answered 503');
    unreported = 0;
  };
  return (res) => {
    shedResponses.add(res);
    counter?.inc();
    unreported++;
    timer ??= setTimeout(report, SUMMARY_MS).unref();
  };
}
