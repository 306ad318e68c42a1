import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { prepareAccount, type NewAccount } from '../../src/auth/new-account';
import { REPO_ROOT } from '../snapshot/paths';
import { prepareReadKey } from '../../src/auth/new-read-key';
import { accountValues, INSERT_ACCOUNT } from './accounts';
import { INSERT_READ_KEY, readKeyValues } from './read-keys';

/**
 * D1 for the workers this project starts with Miniflare itself from a built bundle (the browser
 * tests' site, the CPU bench), through Miniflare's D1 binding: `npm run dev` and deployment apply
 * the migrations with wrangler instead.
 */

/** What these helpers need of a D1 binding (Miniflare's, or the Workers type). */
interface D1Like {
  prepare(query: string): {
    bind(...values: unknown[]): { run(): Promise<unknown> };
    run(): Promise<unknown>;
  };
}

/**
 * The statements of migrations/*.sql in order. drizzle-kit writes each file with its statements
 * separated by `--> statement-breakpoint` (as drizzle's own migrator splits them), so no SQL
 * parser is needed, nor the Vitest plugin's reader (a second of CPU to import).
 */
export function migrationStatements(dir = path.join(REPO_ROOT, 'migrations')): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').split('--> statement-breakpoint'))
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/** Applies every migration to an empty database. */
export async function applyMigrations(db: D1Like): Promise<void> {
  for (const statement of migrationStatements()) await db.prepare(statement).run();
}

/** Creates an account (as createAccount does in the worker); returns its API token. */
export async function insertAccount(db: D1Like, account: NewAccount): Promise<string> {
  const { row, token } = await prepareAccount(account);
  await db
    .prepare(INSERT_ACCOUNT)
    .bind(...accountValues(row))
    .run();
  return token;
}

/** Creates a publishable read key of the account of `email`, accepted from `origins`; returns the key. */
export async function insertReadKey(
  db: D1Like,
  email: string,
  origins: readonly string[],
): Promise<string> {
  const { key, row } = await prepareReadKey(origins);
  await db
    .prepare(INSERT_READ_KEY)
    .bind(...readKeyValues(row, email))
    .run();
  return key;
}
