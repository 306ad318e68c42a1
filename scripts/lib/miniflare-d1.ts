import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createAccounts, type NewAccount } from '../../src/auth/new-account';
import { prepareReadKey } from '../../src/auth/new-read-key';
import { d1Runner, DIRECTORY, prepareShards, shardBinding, shardNames } from '../../src/db/shards';
import { REPO_ROOT } from '../snapshot/paths';
import { INSERT_READ_KEY, readKeyValues } from './read-keys';

/**
 * D1 for the workers this project starts with Miniflare itself from a built bundle (the browser
 * tests' site, the CPU bench), through Miniflare's D1 bindings: `npm run dev` and deployment apply
 * the migrations with scripts/lib/shards.ts instead. `bindings`: the worker's D1 bindings by name
 * (`DB`, and `DB_1`, … when it runs several databases that hold accounts: docs/scale.md).
 */

/** The statements of a migration file (drizzle-kit separates them with `--> statement-breakpoint`). */
function statementsOf(file: string, dir: string): string[] {
  return readFileSync(path.join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/**
 * The statements of migrations/*.sql in order, as drizzle's own migrator splits them (no SQL
 * parser is needed, nor the Vitest plugin's reader: a second of CPU to import).
 */
export function migrationStatements(dir = path.join(REPO_ROOT, 'migrations')): string[] {
  return migrationFiles(dir).flatMap((f) => statementsOf(f, dir));
}

function migrationFiles(dir = path.join(REPO_ROOT, 'migrations')): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/**
 * Applies every migration to each empty database of `bindings`, recording them as wrangler does
 * (`d1_migrations`: a worker serves no database without the latest, src/db/shards.ts), then
 * prepares them all (their id blocks). Each database's migrations are one batch, the databases
 * side by side: a round trip a statement, ~110 statements a database, was most of the browser
 * site's start once it had three.
 */
export async function applyMigrations(bindings: Record<string, D1Database>): Promise<void> {
  const names = shardNames(bindings);
  const dir = path.join(REPO_ROOT, 'migrations');
  await Promise.all(
    names.map((name) => {
      const db = shardBinding(bindings, name);
      return db.batch([
        db.prepare(
          'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
        ),
        ...migrationFiles().flatMap((file) => [
          ...statementsOf(file, dir).map((statement) => db.prepare(statement)),
          db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(file),
        ]),
      ]);
    }),
  );
  await prepareShards(names, d1Runner(bindings));
}

/** Creates an account (as the worker's tests do: placed by the directory); returns its API token. */
export async function insertAccount(
  bindings: Record<string, D1Database>,
  account: NewAccount,
): Promise<string> {
  const [made] = await createAccounts(d1Runner(bindings), shardNames(bindings), [account]);
  return made.token;
}

/** The database that holds the account of an e-mail address, as the directory says. */
export async function accountDatabase(
  bindings: Record<string, D1Database>,
  email: string,
): Promise<{ id: number; db: D1Database }> {
  const place = await shardBinding(bindings, DIRECTORY)
    .prepare('SELECT id, shard FROM accounts WHERE email = ?')
    .bind(email)
    .first<{ id: number; shard: string }>();
  if (!place) throw new Error(`no account for ${email}`);
  return { id: place.id, db: shardBinding(bindings, place.shard) };
}

/** Creates a publishable read key of the account of `email`, accepted from `origins`; returns the key. */
export async function insertReadKey(
  bindings: Record<string, D1Database>,
  email: string,
  origins: readonly string[],
): Promise<string> {
  const { key, row } = await prepareReadKey(origins);
  await shardBinding(bindings, DIRECTORY)
    .prepare(INSERT_READ_KEY)
    .bind(...readKeyValues(row, email))
    .run();
  return key;
}
