// npm run observatory: scores the security headers with the MDN HTTP
// Observatory's own code, run locally, through the same nginx the proxy tests
// use (Debian's, with deploy/nginx/hosting-site.conf): TLS with a certificate
// made on the fly, two instances of the production build upstream, plain HTTP
// forwarded for the site itself (FORCE_HTTPS) to upgrade. The Observatory
// package is installed on first use into .observatory/ (scripts disabled; its
// HSTS preload list left empty, as this machine is offline).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nginxMissing, planNginx } from '../test/support/nginx.js';
import { startServer } from '../test/support/server.js';
import { root } from './build.js';
import { freePort } from '../test/support/server.js';

const missing = nginxMissing();
if (missing) throw new Error(missing);

const execFileAsync = promisify(execFile);
const observatoryDir = join(root, '.observatory');
const packageDir = join(observatoryDir, 'node_modules', '@mdn', 'mdn-http-observatory');
if (!existsSync(packageDir)) {
  mkdirSync(observatoryDir, { recursive: true });
  execFileSync(
    'npm',
    ['install', '--prefix', observatoryDir, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '@mdn/mdn-http-observatory@1'],
    { stdio: 'inherit' },
  );
}
for (const file of ['hsts-preload.json']) {
  const path = join(packageDir, 'conf', file);
  if (!existsSync(path)) writeFileSync(path, '{}');
}

const planned = await planNginx();
const ports = [await freePort(), await freePort()];
const sites = await Promise.all(
  ports.map((port) => startServer({ FORCE_HTTPS: 'true', TRUST_PROXY: '1', SITE_URL: planned.siteUrl, PORT: String(port) })),
);
const nginx = await planned.start(ports);
const [httpPort, httpsPort] = [planned.httpPort, planned.httpsPort];

let failedGate = false;
try {
  for (const path of ['/', '/services/shared-hosting']) {
    // Asynchronously: the sites' output is read by this process.
    const { stdout: output } = await execFileAsync(
      process.execPath,
      [join(root, 'scripts', 'observatory-scan.mjs'), observatoryDir, 'localhost', String(httpPort), String(httpsPort), path],
      {
        // nginx listens on 127.0.0.1; make "localhost" resolve there first.
        env: { ...process.env, NODE_EXTRA_CA_CERTS: nginx.certFile, NODE_OPTIONS: '--dns-result-order=ipv4first' },
        encoding: 'utf8',
      },
    );
    const result = JSON.parse(output.trim().split('\n').at(-1)!);
    console.log(
      `${path}: grade ${result.grade}, score ${result.score}, ${result.passed}/${result.total} tests passed${result.failed.length ? `; failed: ${result.failed.join(', ')}` : ''}`,
    );
    if (result.grade !== 'A+' || result.score < 130) failedGate = true;
  }
} finally {
  await nginx.stop();
  for (const site of sites) await site.stop();
}
if (process.argv.includes('--check') && failedGate) {
  console.error('Observatory gate: grade A+ with a score of at least 130 required');
  process.exitCode = 1;
}
