// The process's file-descriptor limit must hold every connection the listeners may keep, and what the process opens
// itself: past it, accept() fails and the public site stops answering without a line. Checked once, at start-up.
import { readFileSync } from 'node:fs';
import type { Config } from './config.js';
import { METRICS_MAX_CONNECTIONS } from './metrics.js';

/** Descriptors the process keeps for itself beyond connections: standard streams, the event loop's, the listeners, files read. */
export const FILE_HEADROOM = 64;

/** The soft limit on open files (`ulimit -n`), or undefined where there is none or it cannot be read (not Linux). */
function openFileLimit(limits = '/proc/self/limits'): number | undefined {
  let text: string;
  try {
    text = readFileSync(limits, 'utf8');
  } catch {
    return undefined;
  }
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  return soft === undefined || soft === 'unlimited' ? undefined : Number(soft);
}

/** Why the limit cannot hold MAX_CONNECTIONS, the metrics listener's cap and the headroom, naming the variables; or undefined. */
export function fileLimitProblem(config: Pick<Config, 'maxConnections' | 'metricsPort'>, limit = openFileLimit()): string | undefined {
  if (limit === undefined) return undefined;
  const metrics = config.metricsPort === 0 ? 0 : METRICS_MAX_CONNECTIONS;
  const needed = config.maxConnections + metrics + FILE_HEADROOM;
  if (needed <= limit) return undefined;
  return (
    `too few file descriptors: MAX_CONNECTIONS (${config.maxConnections})` +
    (metrics ? ` + the metrics listener's ${metrics} (METRICS_PORT ${config.metricsPort})` : '') +
    ` + ${FILE_HEADROOM} for the process = ${needed}, above the open-files limit of ${limit} (ulimit -n):` +
    ' lower MAX_CONNECTIONS or raise the limit'
  );
}
