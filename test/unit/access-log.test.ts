// The access log's own rules, apart from a running server (test/http/start.test.ts
// reads its lines from one): durations in milliseconds to two decimals, server
// errors at error level, and the requests Node's parser refuses answered with
// Node's own status and logged, unless the client simply went away.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessLog, logClientErrors } from '../../server/access-log.js';
import { memoryLogger } from '../support/memory-logger.js';

const trustNone = () => false;

function finishedRequest(status: number) {
  const req = { method: 'GET', socket: { remoteAddress: '192.0.2.7' }, headers: {}, connection: { remoteAddress: '192.0.2.7' } };
  const res = { statusCode: status, writableFinished: true };
  return [req as unknown as IncomingMessage, res as unknown as ServerResponse] as const;
}

describe('the access log line', () => {
  it('gives the duration in milliseconds, to two decimals', () => {
    const log = memoryLogger();
    accessLog(log.logger, trustNone)(...finishedRequest(200), 'id-1', '/about', 0.0123456, 512);
    expect(log.lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'request', requestId: 'id-1', path: '/about', status: 200, durationMs: 12.35, bytes: 512 }),
    ]);
  });

  it('keeps a path and a forwarded address as sent, whatever characters they hold, and marks an abandoned answer', () => {
    const log = memoryLogger();
    const path = '/a"b\\c\u0001é';
    // One entry (X-Forwarded-For's list is split at commas): trying to end the line's JSON early.
    const forwarded = '1"}{"status":500\\';
    const req = { method: 'GET', headers: { 'x-forwarded-for': forwarded }, socket: { remoteAddress: '10.0.0.1' } };
    const res = { statusCode: 200, writableFinished: false };
    const trustOneHop = (_address: string, hop: number) => hop < 1;
    accessLog(log.logger, trustOneHop)(req as unknown as IncomingMessage, res as unknown as ServerResponse, 'id-3', path, 0.001, 10);
    expect(log.lines).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        requestId: 'id-3',
        method: 'GET',
        path,
        status: 200,
        durationMs: 1,
        bytes: 10,
        ip: forwarded,
        aborted: true,
        msg: 'request',
      },
    ]);
  });

  it('leaves the address out once the connection is gone before it was read', () => {
    const log = memoryLogger();
    const req = { method: 'GET', headers: {}, socket: {} };
    accessLog(log.logger, trustNone)(
      req as unknown as IncomingMessage,
      { statusCode: 200, writableFinished: true } as unknown as ServerResponse,
      'id-4',
      '/',
      0,
      0,
    );
    expect(log.lines[0]).not.toHaveProperty('ip');
    expect(log.lines[0]).not.toHaveProperty('aborted');
  });

  it('is written at error level for a server error', () => {
    const log = memoryLogger();
    accessLog(log.logger, trustNone)(...finishedRequest(503), 'id-2', '/', 0.001, 0);
    expect(log.lines[0]).toMatchObject({ level: 50, status: 503 });
  });

  it('follows LOG_LEVEL: at warn, only the server errors are written', () => {
    const log = memoryLogger('warn');
    const record = accessLog(log.logger, trustNone);
    record(...finishedRequest(200), 'id-5', '/', 0.001, 0);
    record(...finishedRequest(404), 'id-6', '/nothing', 0.001, 0);
    record(...finishedRequest(500), 'id-7', '/', 0.001, 0);
    expect(log.lines.map((line) => line.requestId)).toEqual(['id-7']);
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
    logClientErrors(server, log.logger);
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
