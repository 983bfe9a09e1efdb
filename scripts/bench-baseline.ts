// The two reference servers of the benchmark, each answering the exact bytes
// the site answered, from memory:
//   express  Express 5 with the site's security headers (the limit of the chosen stack)
//   node     bare node:http (the limit of the machine)
// Usage: node --import tsx scripts/bench-baseline.ts express|node BODIES.json
import express from 'express';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../server/config.js';
import { join } from 'node:path';
import { readManifest } from '../server/manifest.js';
import { pageInlineCode, securityHeaderList, securityHeaders } from '../server/security.js';
import { dist } from './build.js';

interface Recorded {
  status: number;
  contentType: string;
  body: string;
}

const [kind, file] = process.argv.slice(2);
const pages = new Map<string, Recorded>(Object.entries(JSON.parse(readFileSync(file!, 'utf8'))));
const bodies = new Map([...pages].map(([path, page]) => [path, Buffer.from(page.body, 'base64')]));

const listen = (server: ReturnType<typeof createServer>) =>
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  });

if (kind === 'express') {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The same helmet configuration as the site's, inline-code hashes included.
  const manifest = readManifest(dist);
  const styles = readFileSync(join(dist, 'public', manifest.stylesheet), 'utf8');
  app.use(
    securityHeaders(
      securityHeaderList({ site: loadConfig({}).site, hstsPreload: false, inline: pageInlineCode(loadConfig({}).site, manifest, styles) }),
    ),
  );
  app.get('/{*splat}', (req, res) => {
    const page = pages.get(req.path) ?? pages.get('*')!;
    res
      .status(page.status)
      .type(page.contentType)
      .send(bodies.get(req.path) ?? bodies.get('*'));
  });
  listen(createServer(app));
} else {
  listen(
    createServer((req, res) => {
      const path = req.url ?? '/';
      const page = pages.get(path) ?? pages.get('*')!;
      res.writeHead(page.status, { 'Content-Type': page.contentType });
      res.end(bodies.get(path) ?? bodies.get('*'));
    }),
  );
}
