import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../scripts/snapshot/paths';

/**
 * The statements of the migrations whose file names `pick` accepts, in order: for the tests of one
 * migration on a database that holds rows written before it (test/node/*-migration.test.ts).
 */
export function migrationStatementsOf(pick: (file: string) => boolean): string[] {
  const dir = path.join(REPO_ROOT, 'migrations');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql') && pick(f))
    .sort()
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').split('--> statement-breakpoint'))
    .map((s) => s.trim())
    .filter(Boolean);
}
