// The environment the image's final stage sets (its ENV instruction), so that
// what runs the build as the container does (the image test, the bench) runs
// it with the same variables. PORT and HOST are left to the caller.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const dockerfile = readFileSync(join(import.meta.dirname, '..', '..', 'Dockerfile'), 'utf8');
/** The image's last stage: what the container holds and runs. */
export const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
const instruction = /^ENV ((?:.*\\\n)*.*)$/m.exec(finalStage)?.[1] ?? '';

export const imageEnv: Record<string, string> = Object.fromEntries(
  instruction
    .replace(/\\\n/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as [string, string])
    .filter(([name]) => name !== 'PORT' && name !== 'HOST'),
);
