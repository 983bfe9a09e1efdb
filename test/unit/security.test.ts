// The guard on running helmet once at start-up (docs/decisions/018): the
// installed helmet sets on an unsent response exactly the headers it sends as
// middleware on a real request, and a middleware that would not (one that sets
// its headers later, per request, or fails) is refused, so the server does not
// start with a wrong list. test/http/hardening.test.ts compares every answer's
// headers with helmet's own.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, describe, expect, it } from 'vitest';
import { headersSetBy, helmetOptions, pageInlineCode, securityHeaderList } from '../../server/security.js';
import { createServer } from '../../server/node-http.js';
import { loadConfig } from '../../server/config.js';

const { site } = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const options = {
  site,
  hstsPreload: true,
  inline: pageInlineCode(site, { script: '/assets/entry-TEST.js' }, 'body{margin:0}'),
};

// helmet as ordinary middleware, on a real request over loopback.
const server = createServer((req, res) => helmet(helmetOptions(options))(req, res, () => res.end()));
const listening = once(server.listen(0, '127.0.0.1'), 'listening');
afterAll(() => void server.close());

describe('the security headers, computed once', () => {
  it('are the headers helmet sends as middleware on a real request, plus the Permissions-Policy', async () => {
    await listening;
    const sent = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/contact?x=1`);
    const fromHelmet = [...sent.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name));
    const list = securityHeaderList(options);
    expect(fromHelmet.length).toBeGreaterThan(10);
    expect(Object.fromEntries(list.slice(0, -1))).toEqual(Object.fromEntries(fromHelmet));
    expect(list.at(-1)?.[0]).toBe('permissions-policy');
  });

  it.each([
    ['calls next later', (_req, _res, next) => void setImmediate(next), /next was not called at once/],
    ['fails', (_req, _res, next) => next(new Error('broken')), /next was called with broken/],
    ['fails with something not an Error', (_req, _res, next) => next({ code: 1 }), /next was called with an error/],
    ['sends the response', (_req, res) => void res.end(), /it wrote the response/],
    [
      'sets headers from the request',
      (req, res, next) => {
        res.setHeader('x-path', req.url ?? '');
        next();
      },
      /not the same for every request/,
    ],
    ['sets no header', (_req, _res, next) => next(), /not the same for every request/],
  ] as [string, Parameters<typeof headersSetBy>[0], RegExp][])('refuses a middleware that %s', (_, middleware, problem) => {
    expect(() => headersSetBy(middleware)).toThrow(problem);
  });

  it.each(['writeHead', 'write', 'end', 'setHeader'] as const)(
    "refuses a middleware that replaces the response's %s, to set its headers when the response is sent",
    (method) => {
      const late: Parameters<typeof headersSetBy>[0] = (_req, res, next) => {
        res.setHeader('x-early', '1');
        // As a middleware that adds its headers when the response goes out would.
        const original = res[method].bind(res) as (...args: unknown[]) => unknown;
        Object.assign(res, { [method]: (...args: unknown[]) => original(...args) });
        next();
      };
      expect(() => headersSetBy(late)).toThrow(`it replaced the response's ${method}`);
    },
  );
});
