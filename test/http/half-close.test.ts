// A client that closes its side of the connection once its request is sent
// (a half-close) still reads the answer, also when that answer is rendered
// for the request and so not ready in the turn the request arrived in: the
// search page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http.js';
import { startServer, type RunningServer } from '../support/server.js';

const servers: RunningServer[] = [];

beforeAll(async () => {
  servers.push(await startServer());
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

const halfClosed = (server: RunningServer, path: string) =>
  rawRequest(server.port, `GET ${path} HTTP/1.1\r\nHost: www.example.com\r\nConnection: close\r\n\r\n`);

describe('a request whose client closes its side once it is sent', () => {
  it('gets the search page rendered for it', async () => {
    const response = await halfClosed(servers[0]!, '/search?q=refund');
    expect(response.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(response.body).toContain('Can I get my money back?');
    // The whole document, to the chunked body's last chunk.
    expect(response.body).toMatch(/<\/html>\r\n0\r\n\r\n$/);
  });
});
