// The README's configuration table, made from the configuration schema
// (server/config.ts): `npm run config-table` writes it between the markers,
// and test/unit/config-table.test.ts fails when the README says otherwise.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, configDocs, configVariables } from '../server/config.js';

export const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
const start = '<!-- configuration table: made by `npm run config-table` from server/config.ts -->';
const end = '<!-- end of configuration table -->';

export function configurationTable(): string {
  const defaults = configDefaults();
  const rows = configVariables.map((name) => {
    const value = defaults[name];
    const shown = value === undefined ? 'unset' : `\`${String(value)}\``;
    return `| \`${name}\` | ${shown} | ${configDocs[name].what} | ${configDocs[name].rule} |`;
  });
  return ['| Variable | Default | What it is | A valid value |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The table as the README holds it now, or undefined when its markers are missing. */
export function tableInReadme(readme: string): string | undefined {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from === -1 || to < from) return undefined;
  return readme.slice(from + start.length, to).trim();
}

function writeTable(): void {
  const readme = readFileSync(readmePath, 'utf8');
  if (tableInReadme(readme) === undefined) throw new Error(`README.md has no "${start}" … "${end}" markers`);
  const from = readme.indexOf(start) + start.length;
  writeFileSync(readmePath, `${readme.slice(0, from)}\n\n${configurationTable()}\n\n${readme.slice(readme.indexOf(end))}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeTable();
