// One structured line per request. The path is logged without its query
// string, and no header or body is, so no personal data reaches the logs.
import type { RequestHandler } from 'express';
import type { Logger } from './logger.js';

export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level]({
        requestId: res.locals.requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        bytes: Number(res.getHeader('content-length') ?? 0),
        aborted: !res.writableFinished || undefined,
      }, 'request');
    });
    next();
  };
}
