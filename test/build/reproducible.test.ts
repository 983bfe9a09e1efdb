// One commit, built in two folders, gives one dist/: the same file names and the
// same bytes, so two images built from it (two machines, a rebuilt release)
// reference the same assets, and a rolling restart between them serves one set.
// The sources as they stand in the working tree are copied into two temporary
// folders of different names and depths; one is a git repository whose commit
// carries the date, the other (like the image's build, which has no .git) is
// given it as SOURCE_DATE_EPOCH. V8's compile cache stands aside: it holds what
// one start happened to compile, with absolute paths, and differs even between
// two builds in one folder; its files' names are compared, not their bytes.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { copySources } from '../support/sources.js';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const folders: string[] = [];

/** Every file under dir, by path relative to it, with the SHA-256 of its bytes. */
function tree(dir: string, under = dir): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) Object.assign(files, tree(path, under));
    else files[relative(under, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return files;
}

/** The working tree's sources (tracked or new, not ignored) in a new folder, with node_modules hard-linked. */
async function copyOfSources(prefix: string): Promise<string> {
  const base = mkdtempSync(join(tmpdir(), prefix));
  folders.push(base);
  const copy = join(base, 'checkout', prefix.replace(/\W/g, ''));
  await copySources(copy);
  await run('cp', ['-al', join(root, 'node_modules'), join(copy, 'node_modules')]);
  return copy;
}

async function build(folder: string, env: Record<string, string>): Promise<void> {
  await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: folder,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the build', () => {
  it('gives the same dist/, names and bytes, for one commit built in two folders', { timeout: 300_000 }, async () => {
    const { stdout: epoch } = await run('git', ['log', '-1', '--format=%ct'], { cwd: root });
    const [first, second] = [await copyOfSources('site-build-a-'), await copyOfSources('site-build-second-')];
    const committer = { GIT_COMMITTER_DATE: `@${epoch.trim()}`, GIT_AUTHOR_DATE: `@${epoch.trim()}` };
    const git = (...args: string[]) =>
      run('git', ['-c', 'user.name=build test', '-c', 'user.email=build@test.invalid', ...args], {
        cwd: first,
        env: { ...process.env, ...committer },
      });
    await git('init', '--quiet');
    await git('add', '--all');
    await git('commit', '--quiet', '--no-verify', '--message', 'the sources as they stand');

    await build(first, {});
    await build(second, { SOURCE_DATE_EPOCH: epoch.trim() });

    const [a, b] = [tree(join(first, 'dist')), tree(join(second, 'dist'))];
    const cache = (files: Record<string, string>) => Object.keys(files).filter((file) => file.startsWith('compile-cache'));
    const rest = (files: Record<string, string>) =>
      Object.fromEntries(Object.entries(files).filter(([file]) => !file.startsWith('compile-cache')));
    expect(cache(a).length).toBeGreaterThan(0);
    expect(cache(b)).toEqual(cache(a));
    expect(rest(b)).toEqual(rest(a));

    // The manifest stands for the commit, not for the hour of the build.
    const manifest = JSON.parse(readFileSync(join(first, 'dist', 'manifest.json'), 'utf8')) as {
      builtAt: string;
      islands: Record<string, string[]>;
    };
    expect(manifest.builtAt).toBe(new Date(Number(epoch) * 1000).toISOString());
    // Every island module and chunk the pages name is among the files compared.
    for (const url of Object.values(manifest.islands).flat()) expect(a[join('public', url.slice(1))], url).toBeDefined();
  });
});
