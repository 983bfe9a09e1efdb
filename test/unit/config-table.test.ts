import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configVariables } from '../../server/config.js';
import { configurationTable, readmePath, tableInReadme } from '../../scripts/config-table.js';

describe('the README configuration table', () => {
  const readme = readFileSync(readmePath, 'utf8');

  it('is the one made from the schema (run `npm run config-table` after changing server/config.ts)', () => {
    expect(tableInReadme(readme)).toBe(configurationTable());
  });

  it('names every variable the server reads, with its default and rule', () => {
    const table = configurationTable();
    for (const name of configVariables)
      expect(table).toMatch(new RegExp(`^\\| \`${name}\` \\| (unset|\`[^|]+\`) \\| [^|]+ \\| [^|]+ \\|$`, 'm'));
    expect(table).toContain('| `PORT` | `3000` |');
    expect(table).toContain('| `GTM_ID` | unset |');
  });

  it('stands once: the operations guide points to it instead of repeating it', () => {
    const operations = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    expect(operations).not.toMatch(/^\| `PORT` \|/m);
  });
});
