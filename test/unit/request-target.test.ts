// The one reading of a request target's path: Express's req.path, which the app, the access log and the metrics
// read, and parseurl's, which the metrics port's listener reads (no Express there); and the query a redirect keeps.
import type { IncomingMessage } from 'node:http';
import express from 'express';
import { describe, expect, it } from 'vitest';
import parseurl from 'parseurl';
import { queryOfUrl } from '../../server/request-target.js';

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
    expect(parseurl(request(url))?.pathname).toBe(path);
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
