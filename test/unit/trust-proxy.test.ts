// Who may speak for the client: with TRUST_PROXY's default, a proxy on loopback or a private network does (nginx on
// the host, a cluster's ingress), and a client reaching the site from any other address is logged and served as
// itself, whatever X-Forwarded-For and X-Forwarded-Proto it sends. The functions are the ones the access log
// (proxy-addr), Express (req.ip, req.protocol) and the HTTPS redirect read.
import type { IncomingMessage } from 'node:http';
import express from 'express';
import proxyAddr from 'proxy-addr';
import { describe, expect, it } from 'vitest';
import { trustOf } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { reachedOverHttps } from '../../server/redirects.js';

/** A request as it arrives from the peer, claiming an address and HTTPS. */
const requestFrom = (peer: string) =>
  ({
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: { 'x-forwarded-for': '<script>', 'x-forwarded-proto': 'https' },
  }) as unknown as IncomingMessage;

const trustBy = (env: Record<string, string>) => trustOf(loadConfig(env).trustProxy);

/** What Express itself reads with the same setting. */
function expressReads(env: Record<string, string>, peer: string) {
  const app = express();
  app.set('trust proxy', trustBy(env));
  const req = Object.assign(Object.create(app.request) as express.Request, requestFrom(peer), { app });
  return { ip: req.ip, protocol: req.protocol };
}

describe('TRUST_PROXY', () => {
  it.each(['203.0.113.9', '198.51.100.1', '2001:db8::1', '8.8.8.8'])(
    'by default does not let a client at the public address %s choose its logged address or its scheme',
    (peer) => {
      const trust = trustBy({});
      expect(proxyAddr(requestFrom(peer), trust)).toBe(peer);
      expect(reachedOverHttps(requestFrom(peer), trust)).toBe(false);
      expect(expressReads({}, peer)).toEqual({ ip: peer, protocol: 'http' });
    },
  );

  it.each(['127.0.0.1', '::1', '10.1.2.3', '172.16.0.9', '192.168.1.20', '169.254.1.1', 'fd00::5', '::ffff:10.0.0.7'])(
    'by default takes the client from a proxy at %s (loopback or a private network)',
    (peer) => {
      const trust = trustBy({});
      expect(proxyAddr(requestFrom(peer), trust)).toBe('<script>');
      expect(reachedOverHttps(requestFrom(peer), trust)).toBe(true);
      expect(expressReads({}, peer)).toEqual({ ip: '<script>', protocol: 'https' });
    },
  );

  it('takes a hop count (trusted from anywhere) or the proxies’ own addresses', () => {
    expect(proxyAddr(requestFrom('203.0.113.9'), trustBy({ TRUST_PROXY: '1' }))).toBe('<script>');
    expect(proxyAddr(requestFrom('10.1.2.3'), trustBy({ TRUST_PROXY: '0' }))).toBe('10.1.2.3');
    const onlyOurs = { TRUST_PROXY: '203.0.113.0/24, 2001:db8::1' };
    expect(expressReads(onlyOurs, '203.0.113.9')).toEqual({ ip: '<script>', protocol: 'https' });
    expect(expressReads(onlyOurs, '10.1.2.3')).toEqual({ ip: '10.1.2.3', protocol: 'http' });
  });
});
