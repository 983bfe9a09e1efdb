// npm run observatory: scores the security headers with the MDN HTTP
// Observatory's own code, run locally. The production server runs behind a
// local TLS terminator on loopback, as it will behind the load balancer: a
// self-signed certificate made on the fly, HTTPS forwarded with
// X-Forwarded-Proto: https, and plain HTTP forwarded as http (which the server,
// with FORCE_HTTPS, redirects). The Observatory package is installed on first
// use into .observatory/ (scripts disabled; its HSTS preload list left empty,
// as this machine is offline).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../test/support/server.js';
import { root } from './build.js';
import { freePort } from './lighthouse-gate.js';

const execFileAsync = promisify(execFile);
const observatoryDir = join(root, '.observatory');
const packageDir = join(observatoryDir, 'node_modules', '@mdn', 'mdn-http-observatory');
if (!existsSync(packageDir)) {
  mkdirSync(observatoryDir, { recursive: true });
  execFileSync('npm', ['install', '--prefix', observatoryDir, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '@mdn/mdn-http-observatory@1'], { stdio: 'inherit' });
}
for (const file of ['hsts-preload.json']) {
  const path = join(packageDir, 'conf', file);
  if (!existsSync(path)) writeFileSync(path, '{}');
}

const certDir = mkdtempSync(join(tmpdir(), 'observatory-cert-'));
const keyFile = join(certDir, 'key.pem');
const certFile = join(certDir, 'cert.pem');
execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });

const [httpPort, httpsPort] = [await freePort(), await freePort()];
const site = await startServer({ FORCE_HTTPS: 'true', TRUST_PROXY: '1', SITE_URL: `https://localhost:${httpsPort}` });

/** The load balancer: forwards to the site, saying which protocol the client used. */
const forward = (protocol: 'http' | 'https') => (req: IncomingMessage, res: ServerResponse) => {
  const upstream = request({ host: '127.0.0.1', port: site.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-proto': protocol } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
};
const tls = createHttpsServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, forward('https')).listen(httpsPort, '127.0.0.1');
const plain = createHttpServer(forward('http')).listen(httpPort, '127.0.0.1');

let failedGate = false;
try {
  for (const path of ['/', '/services/shared-hosting']) {
    // Asynchronously: the terminator runs in this process and must keep answering.
    const { stdout: output } = await execFileAsync(process.execPath, [join(root, 'scripts', 'observatory-scan.mjs'), observatoryDir, 'localhost', String(httpPort), String(httpsPort), path], {
      // The terminator listens on 127.0.0.1; make "localhost" resolve there first.
      env: { ...process.env, NODE_EXTRA_CA_CERTS: certFile, NODE_OPTIONS: '--dns-result-order=ipv4first' },
      encoding: 'utf8',
    });
    const result = JSON.parse(output.trim().split('\n').at(-1)!);
    console.log(`${path}: grade ${result.grade}, score ${result.score}, ${result.passed}/${result.total} tests passed${result.failed.length ? `; failed: ${result.failed.join(', ')}` : ''}`);
    if (result.grade !== 'A+' || result.score < 130) failedGate = true;
  }
} finally {
  tls.close();
  plain.close();
  await site.stop();
}
if (process.argv.includes('--check') && failedGate) {
  console.error('Observatory gate: grade A+ with a score of at least 130 required');
  process.exitCode = 1;
}
