// Debian's nginx in front of the site, started on loopback with the project's
// own example configuration (deploy/nginx/hosting-site.conf): only the lines
// the file marks "test:" change (ports, upstream addresses, a certificate made
// on the fly), so what the tests prove is what operators start from.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server.js';

const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

/** Where nginx is missing: CI installs it, so there its absence is a failure; elsewhere the tests say why they skip. */
export function nginxMissing(): string | undefined {
  if (nginxBinary) return undefined;
  if (process.env.CI) throw new Error('nginx is not installed: .ci/run installs Debian’s nginx before the tests');
  return 'nginx is not installed (apt-get install -y nginx-light); the reverse-proxy tests are skipped';
}

export interface Certificate {
  certFile: string;
  keyFile: string;
  ca: Buffer;
}

/** A self-signed certificate for localhost and 127.0.0.1, valid for a day. */
function makeCertificate(dir: string): Certificate {
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile, ca: readFileSync(certFile) };
}

export interface PlannedNginx {
  httpPort: number;
  httpsPort: number;
  /** The public origin the site must be configured with (SITE_URL). */
  siteUrl: string;
  start: (upstreamPorts: number[]) => Promise<RunningNginx>;
}

/** What a test may change of the example beyond its "test:" lines. */
export interface NginxVariant {
  /** The upstream keep-alive timeout: the example's, or nginx's default (60 s) with the example's line left out. */
  keepaliveTimeout?: 'example' | 'nginx default';
  /** `off`: nginx retries nothing on another instance, so no retry can hide a reset. */
  nextUpstream?: 'example' | 'off';
}

export interface RunningNginx {
  httpUrl: string;
  httpsUrl: string;
  ca: Buffer;
  certFile: string;
  errorLog: () => string;
  /**
   * The upstream (and variant) changed as an endpoints controller changes an
   * ingress's: the configuration rewritten and nginx reloaded. Resolves once
   * the workers of the old configuration have exited: from then on no request
   * goes to an instance left out, and none of nginx's connections to it is open.
   */
  reconfigure: (upstreamPorts: number[], variant?: NginxVariant) => Promise<void>;
  stop: () => Promise<void>;
}

const exampleConfig = join(import.meta.dirname, '..', '..', 'deploy', 'nginx', 'hosting-site.conf');

function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const replaced = text.replace(from, to);
  if (replaced === text)
    throw new Error(`deploy/nginx/hosting-site.conf no longer has ${String(from)}: update test/support/nginx.ts with it`);
  return replaced;
}

/** Picks the ports first: the site needs its public origin (SITE_URL) before nginx starts. */
export async function planNginx(): Promise<PlannedNginx> {
  const httpPort = await freePort();
  const httpsPort = await freePort();
  return {
    httpPort,
    httpsPort,
    siteUrl: `https://localhost:${httpsPort}`,
    start: (upstreamPorts) => startNginx(httpPort, httpsPort, upstreamPorts),
  };
}

/** The example configuration with its "test:" lines made local, the upstream given, and the variant's changes. */
function siteConfig(httpPort: number, httpsPort: number, certificate: Certificate, upstreamPorts: number[], variant: NginxVariant): string {
  let site = readFileSync(exampleConfig, 'utf8');
  const servers = /( *)server 127\.0\.0\.1:3000 (.*)\n *server 127\.0\.0\.1:3001 .*\n/;
  const [, indent = '', parameters = ''] = servers.exec(site) ?? [];
  site = replaceOnce(site, servers, upstreamPorts.map((port) => `${indent}server 127.0.0.1:${port} ${parameters}\n`).join(''));
  site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${httpPort};`);
  site = replaceOnce(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`);
  site = replaceOnce(site, /ssl_certificate \S+;/, `ssl_certificate ${certificate.certFile};`);
  site = replaceOnce(site, /ssl_certificate_key \S+;/, `ssl_certificate_key ${certificate.keyFile};`);
  if (variant.keepaliveTimeout === 'nginx default') site = replaceOnce(site, /\n *keepalive_timeout \S+;/, '');
  if (variant.nextUpstream === 'off') site = replaceOnce(site, /proxy_next_upstream error timeout;/, 'proxy_next_upstream off;');
  return site;
}

/** nginx's worker processes: the children of its master. */
function workersOf(masterPid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The parent's pid is the second field after the command name (which is in parentheses).
        return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === masterPid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

async function startNginx(httpPort: number, httpsPort: number, upstreamPorts: number[]): Promise<RunningNginx> {
  if (!nginxBinary) throw new Error('nginx is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'nginx-'));
  // Worker processes run as nobody when nginx starts as root: they must reach the temp paths.
  chmodSync(dir, 0o755);
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, sub));
    chmodSync(join(dir, sub), 0o777);
  }
  const certificate = makeCertificate(dir);
  const siteFile = join(dir, 'hosting-site.conf');
  writeFileSync(siteFile, siteConfig(httpPort, httpsPort, certificate, upstreamPorts, {}));

  const errorLog = join(dir, 'error.log');
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes auto;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log ${join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((sub) => `  ${sub}_temp_path ${join(dir, sub)};`),
      `  include ${siteFile};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(nginxBinary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', errorLog], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  // SIGTERM: the master stops its workers itself (SIGKILL would orphan them).
  const reap = () => child.kill('SIGTERM');
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readErrorLog = () => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '');

  const deadline = performance.now() + 10_000;
  while (!(await accepts(httpsPort))) {
    if (child.exitCode !== null || performance.now() > deadline) throw new Error(`nginx did not start: ${stderr}${readErrorLog()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    ca: certificate.ca,
    certFile: certificate.certFile,
    errorLog: readErrorLog,
    reconfigure: async (ports, variant = {}) => {
      const before = workersOf(child.pid!);
      writeFileSync(siteFile, siteConfig(httpPort, httpsPort, certificate, ports, variant));
      child.kill('SIGHUP');
      // The old workers finish the requests they hold, close their connections and exit.
      const deadline = performance.now() + 20_000;
      for (;;) {
        const workers = workersOf(child.pid!);
        if (workers.length > 0 && !workers.some((pid) => before.includes(pid))) return;
        if (performance.now() > deadline) throw new Error(`nginx did not reload: ${readErrorLog()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
