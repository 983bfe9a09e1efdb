// The one reading of a request target's path and query (server/request-target.ts):
// what the listener looks up, the log and the metrics record, and Express's req.path agree.
import type { IncomingMessage } from 'node:http';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { pathOf, queryOfUrl } from '../../server/request-target.js';

const request = (url: string) => ({ url, headers: {} }) as unknown as IncomingMessage;

/** The path Express gives the same target. */
function expressPath(url: string): string {
  let path = '';
  const app = express();
  app.use((req, res) => {
    path = req.path;
    res.end();
  });
  const req = Object.assign(request(url), { method: 'GET' });
  const res = { setHeader: () => undefined, end: () => undefined, getHeader: () => undefined };
  (app as unknown as (req: unknown, res: unknown) => void)(req, res);
  return path;
}

describe('a request target', () => {
  it.each([
    ['/about', '/about'],
    ['/about?utm_source=mail', '/about'],
    ['/about#top', '/about'],
    ['/about?x=1#top', '/about'],
    ['/a?b#c?d', '/a'],
    ['//evil.example/', '//evil.example/'],
    ['http://evil.example/robots.txt?x=1', '/robots.txt'],
    ['https://evil.example//about/', '//about/'],
  ])('%s names the path %s, as Express reads it', (url, path) => {
    expect(pathOf(request(url))).toBe(path);
    expect(expressPath(url)).toBe(path);
  });

  it.each([
    ['/about', ''],
    ['/about?', '?'],
    ['/about?x=1&y=2', '?x=1&y=2'],
    ['/about?next=/a?b', '?next=/a?b'],
  ])('%s has the query %j', (url, query) => {
    expect(queryOfUrl(url)).toBe(query);
  });
});
