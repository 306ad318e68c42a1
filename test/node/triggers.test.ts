import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/snapshot/paths';
import { migrationStatementsOf } from '../support/migrations';

/**
 * The triggers written by hand into the migrations (drizzle-kit cannot declare one, and a
 * migration set generated afresh leaves them out): every migration applied to an empty database
 * leaves exactly those docs/annotations.md "The hand-written triggers" lists, each on its table,
 * each created by the migration the list names.
 */

interface Listed {
  name: string;
  table: string;
  migration: string;
}

/** The doc's table of triggers: its rows of backticked names. */
function listedTriggers(): Listed[] {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs', 'annotations.md'), 'utf8');
  const section = doc.split('### The hand-written triggers')[1]?.split('\n### ')[0] ?? '';
  return [...section.matchAll(/^\| `(\w+)` \| `(\w+)` \| [^|]+ \| `([\w.]+)` \|$/gm)].map((m) => ({
    name: m[1]!,
    table: m[2]!,
    migration: m[3]!,
  }));
}

describe('the hand-written triggers', () => {
  it('are left, each on its table, by every migration applied, as docs/annotations.md lists them', () => {
    const listed = listedTriggers();
    expect(listed.length, 'the doc lists the triggers').toBeGreaterThan(0);
    const db = new DatabaseSync(':memory:');
    for (const s of migrationStatementsOf(() => true)) db.exec(s);
    const left = db
      .prepare(
        `SELECT name, tbl_name AS "table" FROM sqlite_master WHERE type = 'trigger' ORDER BY name`,
      )
      .all()
      .map((r) => ({ ...r }));
    expect(left).toEqual(
      listed.map(({ name, table }) => ({ name, table })).sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
    for (const t of listed)
      expect(
        readFileSync(path.join(REPO_ROOT, 'migrations', t.migration), 'utf8'),
        `${t.name} in ${t.migration}`,
      ).toContain(`CREATE TRIGGER \`${t.name}\``);
  });
});
