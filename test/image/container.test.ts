// The image operators run, built from the Dockerfile with Debian's buildah and
// run with podman as the Kubernetes manifest runs it: non-root, read-only root
// filesystem, the manifest's memory limit and environment. No registry is
// reachable here, so the base image is a local stand-in built from Debian
// (scripts/image/stand-in-base.sh). A machine without the engines fails this
// file: `.ci/run` installs them.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../shared/routes.js';
import { startLoad } from '../support/load.js';
import { freePort } from '../support/server.js';
import { probeUntil } from '../support/until.js';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const env = {
  ...process.env,
  CONTAINERS_CONF: join(root, 'scripts', 'image', 'containers.conf'),
  CONTAINERS_STORAGE_CONF: join(root, 'scripts', 'image', 'storage.conf'),
};
const image = 'localhost/hosting-site:check';
const container = `hosting-site-check-${process.pid}`;

async function podman(...args: string[]): Promise<string> {
  return (await run('podman', args, { env, maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
}

/** Exit code and output of a command in the running container. */
async function inContainer(...command: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('podman', ['exec', container, ...command], { env });
    return { code: 0, output: `${stdout}${stderr}`.trim() };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`.trim() };
  }
}

// The Deployment's container: its environment and memory limit.
const deployment = parseAllDocuments(readFileSync(join(root, 'deploy', 'kubernetes', 'deployment.yaml'), 'utf8'))[0]!.toJS();
const manifest = deployment.spec.template.spec.containers[0];
const manifestEnv = Object.fromEntries((manifest.env as { name: string; value: string }[]).map((v) => [v.name, v.value]));

const built = { seconds: 0, sizeBytes: 0 };
let url = '';

beforeAll(async () => {
  await run('bash', [join(root, 'scripts', 'image', 'stand-in-base.sh')], { env });
  const started = performance.now();
  const { stdout: epoch } = await run('git', ['log', '-1', '--format=%ct'], { cwd: root });
  // With no default ulimits a build step gets 1024 open files, which npm ci can run out of (EMFILE):
  // it gets this process's own hard limit, which an unprivileged sandbox may grant.
  const { stdout: hardLimit } = await run('bash', ['-c', 'ulimit -Hn']);
  // "unlimited" is no value for a file limit: Linux's own ceiling (fs.nr_open) instead.
  const openFiles = /^\d+$/.test(hardLimit.trim()) ? hardLimit.trim() : '1048576';
  await run(
    'buildah',
    [
      ...['build', '--quiet', '--format', 'docker', '--pull=never', '--network', 'host', '--runtime', 'runc'],
      ...['--ulimit', `nofile=${openFiles}:${openFiles}`],
      ...['--build-arg', `SOURCE_DATE_EPOCH=${epoch.trim()}`, '-t', image, root],
    ],
    {
      env,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  built.seconds = (performance.now() - started) / 1000;
  built.sizeBytes = Number(await podman('image', 'inspect', '--format', '{{.Size}}', image));
  const [port, metricsPort] = [await freePort(), await freePort()];
  const variables = { ...manifestEnv, PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: String(metricsPort), FORCE_HTTPS: 'false' };
  await podman(
    'run',
    '--detach',
    '--name',
    container,
    '--network',
    'host',
    // readOnlyRootFilesystem, and none of podman's own writable tmpfs mounts.
    '--read-only',
    '--read-only-tmpfs=false',
    '--cap-drop',
    'ALL',
    '--security-opt',
    'no-new-privileges',
    '--memory',
    manifest.resources.limits.memory.replace(/Mi$/, 'm'),
    ...Object.entries(variables).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
    image,
  );
  url = `http://127.0.0.1:${port}`;
  const readiness = () =>
    fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
  if ((await probeUntil(readiness, (status) => status === 200, 30_000)) !== 200)
    throw new Error(`the container never became ready:\n${await podman('logs', container)}`);
}, 900_000);

afterAll(async () => {
  await podman('rm', '--force', '--time', '0', container).catch(() => undefined);
});

describe('the image, built from the Dockerfile', () => {
  it('holds the built site and its production dependencies only, owned by root', async () => {
    console.log(`image: built in ${built.seconds.toFixed(0)} s, ${(built.sizeBytes / 1e6).toFixed(0)} MB`);
    const listing = async (command: string) => (await inContainer('sh', '-c', command)).output.split('\n').filter(Boolean);
    expect((await listing('ls -A /app')).sort()).toEqual(['dist', 'node_modules', 'package.json']);
    // No package the lock file marks as needed only for development: a devDependency that a production dependency
    // also needs (the build's dom-serializer, htmlparser2's too) is a production one as well.
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const devOnly = new Set(
      Object.entries(lock.packages)
        .filter(([path, entry]) => entry.dev && /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path))
        .map(([path]) => path.slice('node_modules/'.length)),
    );
    expect(devOnly).toContain('vitest');
    const installed = await listing('cd /app/node_modules && ls -d -- * @*/* 2>/dev/null || true');
    expect(installed).toContain('express');
    expect(installed.filter((name) => devOnly.has(name))).toEqual([]);
    expect(await listing('find /app -name .git -o -name test -o -name "*.ts" -not -name "*.d.ts" | grep -v node_modules || true')).toEqual(
      [],
    );
    // The server's own source map stays (stack traces); nothing the browser can fetch has one.
    expect(await listing('find /app/dist/public -name "*.map"')).toEqual([]);
    expect(await listing('find /app -not -user root')).toEqual([]);
    expect(built.sizeBytes).toBeLessThan(450e6);
  });

  it('references the assets a build of the same sources on this machine does', async () => {
    // Two images of one commit (two machines, a rebuilt release) then serve one set of asset names.
    const inImage = JSON.parse((await inContainer('cat', '/app/dist/manifest.json')).output) as unknown;
    expect(inImage).toEqual(JSON.parse(readFileSync(join(root, 'dist', 'manifest.json'), 'utf8')));
  });

  it('runs as the unprivileged node user, which can read its code and write nowhere', async () => {
    expect((await inContainer('id', '-u')).output).toBe('1000');
    expect((await inContainer('sh', '-c', 'test -r /app/dist/server/main.js')).code).toBe(0);
    for (const path of ['/app', '/app/dist', '/app/dist/server', '/app/node_modules', '/tmp', '/home/node', '/var/tmp']) {
      const attempt = await inContainer('sh', '-c', `touch ${path}/.write-test`);
      expect({ path, code: attempt.code }).not.toEqual({ path, code: 0 });
    }
    expect(await inContainer('sh', '-c', "awk '$4 ~ /^rw/ && $2 !~ /^\\/(proc|sys|dev)/ {print $2}' /proc/mounts")).toEqual({
      code: 0,
      output: '',
    });
  });

  it('serves every page, the 404, the client script and the share image', async () => {
    for (const route of routes.filter((r) => r.status === 200))
      expect({ path: route.path, status: (await fetch(`${url}${route.path}`)).status }).toEqual({ path: route.path, status: 200 });
    const missing = await fetch(`${url}/no-such-page`);
    expect(missing.status).toBe(404);
    const home = await (await fetch(`${url}/`)).text();
    const script = /data-modules="(\/assets\/header-\w+\.js)/.exec(home)?.[1];
    const shareImage = /<meta property="og:image" content="https?:\/\/[^/"]+(\/[^"]+)"/.exec(home)?.[1];
    expect(script).toBeDefined();
    expect(shareImage).toBeDefined();
    const scriptAnswer = await fetch(`${url}${script}`);
    expect([scriptAnswer.status, scriptAnswer.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    const imageAnswer = await fetch(`${url}${shareImage}`);
    expect([imageAnswer.status, imageAnswer.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('answers its probes, and its HEALTHCHECK passes with the image’s own tools', async () => {
    expect((await fetch(`${url}/livez`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const history = await podman('image', 'inspect', '--format', '{{json .Config.Healthcheck}}', image);
    expect(history).toContain('/livez');
    await podman('healthcheck', 'run', container);
  });

  it('drains on podman stop (SIGTERM to node as PID 1): requests during the announce delay are answered, exit code 0', async () => {
    expect((await inContainer('sh', '-c', 'cat /proc/1/cmdline | tr "\\0" " "')).output).toBe('node dist/server/main.js');
    const load = startLoad({ url: `${url}/`, paths: ['/', '/about', '/services/shared-hosting'], connections: 20 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const stopped = podman('stop', '--time', '30', container);
    // A load balancer stops sending within the announce delay (/readyz says 503
    // at once); until then every request is answered as before.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const result = await load.stop();
    await stopped;
    expect(await podman('inspect', '--format', '{{.State.ExitCode}}', container)).toBe('0');
    expect(result.errors).toEqual({});
    expect(result.statuses[200]).toBeGreaterThan(100);
    const logs = await podman('logs', container);
    expect(logs).toContain('"msg":"stopped"');
  }, 60_000);
});
