// Development: build, start the server (every page rendered afresh at its start),
// and on every source change rebuild and restart it.
import { spawn, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import { join } from 'node:path';
import { build, dist, root } from './build.js';

let server: ChildProcess | undefined;
let pending: NodeJS.Timeout | undefined;
let building = Promise.resolve();

function start() {
  server = spawn(process.execPath, ['--enable-source-maps', join(dist, 'server', 'index.js')], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', LOG_LEVEL: 'debug', ...process.env },
  });
}

async function rebuild() {
  try {
    await build();
  } catch (error) {
    console.error('build failed; keeping the last good server running\n', error);
    return;
  }
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  }
  start();
}

building = rebuild();
for (const folder of ['client', 'server', 'shared', 'public']) {
  watch(join(root, folder), { recursive: true }, () => {
    clearTimeout(pending);
    pending = setTimeout(() => {
      building = building.then(rebuild);
    }, 150);
  });
}
console.log('watching client/, server/, shared/ and public/ for changes');
