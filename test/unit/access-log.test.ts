// The access log's own rules, on a small app (test/http/start.test.ts reads its
// lines from the running site): the fields, the request id, server errors at
// error level, and the requests Node's parser refuses given Node's own status
// and logged, unless the client simply went away.
import { createServer } from 'node:http';
import express from 'express';
import request from 'supertest';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessLog, MAX_LOGGED_PATH } from '../../server/access-log.js';
import { answerParserRefusals } from '../../server/parser-refusals.js';
import { healthRoutes } from '../../server/health.js';
import { memoryLogger } from '../support/memory-logger.js';

const trustNone = (_address: string, _hop: number) => false;
const trustOneHop = (_address: string, hop: number) => hop < 1;

/** The lines an app with the access log writes for one request, once its response is done. */
interface Request {
  level?: string;
  trust?: typeof trustOneHop;
  path?: string;
  headers?: Record<string, string>;
}

async function linesFor(
  handler: express.RequestHandler,
  { level = 'info', trust = trustNone, path = '/about?x=1', headers = {} }: Request = {},
) {
  const log = memoryLogger(level);
  const app = express().use(accessLog(log.logger, trust)).use(handler);
  const res: { headers: Record<string, string> } = await request(app)
    .get(path)
    .set(headers)
    .ok(() => true)
    .catch(() => ({ headers: {} }));
  await expect.poll(() => log.lines.length + (level === 'info' ? 0 : 1)).toBeGreaterThan(0);
  return { lines: log.lines.filter((line) => line.msg === 'request'), res };
}

describe('the access log line', () => {
  it('gives the request id (sent back as X-Request-Id), method, path without its query, status, bytes, duration and address', async () => {
    const { lines, res } = await linesFor((_req, res) => void res.status(200).send('hello'), { headers: { 'X-Request-Id': 'id-1' } });
    expect(res.headers['x-request-id']).toBe('id-1');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request',
        requestId: 'id-1',
        method: 'GET',
        path: '/about',
        status: 200,
        ip: expect.stringContaining('127.0.0.1'),
      }),
    ]);
    expect(lines[0]?.bytes).toBeGreaterThan('hello'.length);
    expect(lines[0]?.durationMs).toBeTypeOf('number');
    expect(lines[0]).not.toHaveProperty('aborted');
  });

  it('makes a new request id when the given one is not sane', async () => {
    const { lines, res } = await linesFor((_req, res) => void res.end(), { headers: { 'X-Request-Id': 'a b"c' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0]?.requestId).toBe(res.headers['x-request-id']);
  });

  it('keeps a path and a forwarded address as sent, whatever characters they hold, and marks an abandoned response', async () => {
    // One entry (X-Forwarded-For's list is split at commas): trying to end the line's JSON early.
    const forwarded = '1"}{"status":500\\';
    const { lines } = await linesFor(
      (req, res) => {
        res.write('part');
        req.socket.destroy();
      },
      { trust: trustOneHop, path: '/a%22b%5Cc', headers: { 'X-Forwarded-For': forwarded } },
    );
    expect(lines).toEqual([expect.objectContaining({ path: '/a%22b%5Cc', ip: forwarded, aborted: true })]);
  });

  it('is written at error level for a server error', async () => {
    const { lines } = await linesFor((_req, res) => void res.status(503).end());
    expect(lines[0]).toMatchObject({ level: 50, status: 503 });
  });

  it('keeps /readyz saying 503 (starting, draining) at info: a probe’s answer, not a failure', async () => {
    for (const phase of ['starting', 'draining'] as const) {
      const { lines } = await linesFor(healthRoutes({ phase }), { path: '/readyz' });
      expect(lines).toEqual([expect.objectContaining({ level: 30, path: '/readyz', status: 503 })]);
    }
  });

  it('cuts a long path to its first MAX_LOGGED_PATH characters and gives its length', async () => {
    const path = `/${'a'.repeat(12_000)}`;
    const { lines } = await linesFor((_req, res) => void res.status(404).end(), { path });
    expect(lines).toEqual([expect.objectContaining({ path: path.slice(0, MAX_LOGGED_PATH), pathLength: path.length })]);
    expect(JSON.stringify(lines[0]).length).toBeLessThan(1_024);
  });

  it('follows LOG_LEVEL: at warn, only the server errors are written', async () => {
    expect((await linesFor((_req, res) => void res.status(404).end(), { level: 'warn' })).lines).toEqual([]);
    expect((await linesFor((_req, res) => void res.status(500).end(), { level: 'warn' })).lines).toHaveLength(1);
  });
});

describe('requests the parser refuses', () => {
  afterEach(() => void vi.useRealTimers());

  /** A connection as the clientError event gives it, recording what the handler does to it. */
  function connection({ writable = true } = {}) {
    const socket = {
      writable,
      remoteAddress: '192.0.2.9',
      end: vi.fn<(data: string) => void>(),
      destroy: vi.fn<() => void>(),
    };
    return socket;
  }

  function refuse(code: string | undefined, socket = connection()) {
    const log = memoryLogger('debug');
    const server = createServer();
    answerParserRefusals(server, log.logger, '');
    server.emit('clientError', Object.assign(new Error('refused'), { code }), socket as unknown as Socket);
    return { log, socket };
  }

  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'Request Header Fields Too Large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'Request Timeout'],
    ['ERR_HTTP_HEADERS_TIMEOUT', 408, 'Request Timeout'],
    ['HPE_INVALID_METHOD', 400, 'Bad Request'],
  ])('answers %s with %i, closes the connection, and logs it', (code, status, reason) => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { log, socket } = refuse(code);
    expect(socket.end).toHaveBeenCalledWith(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    expect(log.lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'request rejected by the parser', status, code, ip: '192.0.2.9' }),
    ]);
    // Whatever the client goes on sending is not read for long.
    expect(socket.destroy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(socket.destroy).toHaveBeenCalled();
  });

  it.each([
    ['a reset connection', 'ECONNRESET', true],
    ['a connection no longer writable', 'HPE_INVALID_METHOD', false],
  ])('lets %s go at once, logged only at debug level', (_name, code, writable) => {
    const { log, socket } = refuse(code, connection({ writable }));
    expect(socket.end).not.toHaveBeenCalled();
    expect(socket.destroy).toHaveBeenCalled();
    expect(log.lines).toEqual([expect.objectContaining({ level: 20, msg: 'client went away', code, ip: '192.0.2.9' })]);
  });
});
