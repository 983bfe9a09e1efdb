// The one error handler: a client error is a short plain-text answer no cache
// keeps and no log line at error level; anything else is logged with the
// request and answered with the static 500 page; a page that fails after its
// first bytes is cut off, so that no client takes half a page for a whole one.
import { createServer, request as httpRequest } from 'node:http';
import express from 'express';
import createError from 'http-errors';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../server/errors.js';
import { around } from '../../shared/content/labels.js';
import { labels } from '../support/labels.js';
import { listenOnLoopback } from '../support/loopback.js';
import { memoryLogger } from '../support/memory-logger.js';

function appFailingWith(fail: express.RequestHandler) {
  const log = memoryLogger();
  const app = express().get('/', fail).use(errorHandler(log.logger));
  return { app, log };
}

describe('the error handler', () => {
  it.each([
    [404, 'Not Found\n'],
    [405, 'Method Not Allowed\n'],
    [413, 'Payload Too Large\n'],
    [499, 'Error\n'], // a client error Node has no name for
  ])('answers %i with its name in plain text, kept by no cache, and logs nothing at error level', async (status, text) => {
    const { app, log } = appFailingWith((_req, _res, next) => {
      next(createError(status));
    });
    const res = await request(app).get('/').expect(status);
    expect(res.text).toBe(text);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('answers any other failure with the 500 page, and logs it with the request and the error', async () => {
    const { app, log } = appFailingWith(() => {
      throw new Error('render exploded');
    });
    const res = await request(app).get('/?q=1').expect(500);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const { title, tryAgain, home } = labels.serverError;
    const [before, after] = around(tryAgain, 'link');
    expect(res.text).toBe(
      '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
        `<title>${title}</title><main><h1>${title}</h1><p>${before}<a href="/">${home}</a>${after}</p></main></html>`,
    );
    expect(res.text).not.toContain('exploded');
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({ level: 50, msg: 'request failed', method: 'GET', path: '/', headersSent: false });
    expect((log.lines[0]!.err as { message: string }).message).toBe('render exploded');
  });

  it('cuts off an answer that failed after its first bytes, instead of ending it as if whole', async () => {
    const { app, log } = appFailingWith((_req, res, next) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write('<!doctype html><html><body><p>half a pa');
      setImmediate(() => next(new Error('late failure')));
    });
    const server = createServer(app);
    const port = await listenOnLoopback(server);
    try {
      const outcome = await new Promise<string>((resolve) => {
        const req = httpRequest({ port, host: '127.0.0.1', path: '/' }, (res) => {
          res.resume();
          res.on('end', () => resolve('ended'));
          res.on('error', () => resolve('cut off'));
          res.on('aborted', () => resolve('cut off'));
        });
        req.on('error', () => resolve('cut off'));
        req.end();
      });
      expect(outcome).toBe('cut off');
      expect(log.lines[0]).toMatchObject({ level: 50, msg: 'request failed', headersSent: true });
    } finally {
      server.close();
    }
  });
});
