// The environment the image's final stage sets (its ENV instruction), so that
// what runs the build as the container does (the image test, the bench) runs
// it with the same variables. PORT and HOST are left to the caller.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const dockerfile = readFileSync(join(import.meta.dirname, '..', '..', 'Dockerfile'), 'utf8');
/** The image's last stage: what the container holds and runs. */
export const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
const instruction = /^ENV ((?:.*\\\n)*.*)$/m.exec(finalStage)?.[1] ?? '';

/** `NAME=value` pairs as a shell or an ENV instruction reads them, a value in single or double quotes whole. */
export function assignments(text: string): Record<string, string> {
  return Object.fromEntries(
    [...text.matchAll(/([A-Z_][A-Z0-9_]*)=("[^"]*"|'[^']*'|\S*)/g)].map(([, name, value = '']) => [
      name!,
      /^["']/.test(value) ? value.slice(1, -1) : value,
    ]),
  );
}

export const imageEnv: Record<string, string> = Object.fromEntries(
  Object.entries(assignments(instruction.replace(/\\\n/g, ' '))).filter(([name]) => name !== 'PORT' && name !== 'HOST'),
);
