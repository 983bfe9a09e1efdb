// The project's sources copied into another folder, for tests that build or
// run a copy of the project (test/build/): the working tree's files, tracked
// or new, not ignored, as they stand; node_modules is left to the caller.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const projectRoot = join(import.meta.dirname, '..', '..');

export async function copySources(to: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: projectRoot,
    maxBuffer: 16 * 1024 * 1024,
  });
  for (const file of stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(projectRoot, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(projectRoot, file), join(to, file));
  }
}
