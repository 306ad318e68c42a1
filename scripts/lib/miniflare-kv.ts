/**
 * The files in which `wrangler dev` keeps a KV namespace locally, for the snapshot loader that writes
 * them itself (scripts/snapshot/load-local.ts): Miniflare's own `put` stores one value at a time
 * (about 150 a second, also with many in flight: docs/kv-layout.md "Loading locally").
 *
 * The layout, as the installed miniflare (5.x, under wrangler 4.164) writes and reads it:
 *
 *   <state>/v3/kv/miniflare-KVNamespaceObject/<object id>.sqlite   table _mf_entries: key → blob_id
 *   <state>/v3/kv/<namespace id>/blobs/<blob id>                     the value's bytes, nothing else
 *
 * - `<state>` is `wrangler dev --persist-to`, by default `.wrangler/state`; wrangler adds `v3`
 *   (wrangler-dist/cli.js getDefaultPersistRoot) and miniflare the plugin's name `kv`
 *   (miniflare dist/src/index.js getPersistPath, KV_PLUGIN.getServices).
 * - Each namespace is a Durable Object of class KVNamespaceObject with the unique key
 *   `miniflare-KVNamespaceObject`, addressed by `idFromName(<namespace id>)`
 *   (workers/shared/object-entry.worker.js); workerd names its SQLite file by that object id
 *   (durableObjectIdFromName below).
 * - The table and its index are miniflare's SQL_SCHEMA (workers/shared/index.worker.js,
 *   KeyValueStorage); a value is a file of the blob store (BlobStore: `<namespace>/blobs/<id>`),
 *   and a row whose blob is missing reads as no value.
 *
 * test/node/local-kv.test.ts writes a store with this module and reads it back through a real
 * `wrangler dev`, so a miniflare upgrade that changes any of this fails there, not on a
 * developer's machine.
 */
import { createHash, createHmac } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { REPO_ROOT } from '../snapshot/paths';

/** miniflare KV_NAMESPACE_OBJECT_CLASS_NAME and the unique key it gives that class. */
const OBJECT_UNIQUE_KEY = 'miniflare-KVNamespaceObject';

/** miniflare's SQL_SCHEMA for KeyValueStorage (CREATE … IF NOT EXISTS: miniflare runs it on every start). */
const SQL_SCHEMA = `
CREATE TABLE IF NOT EXISTS _mf_entries (
  key TEXT PRIMARY KEY,
  blob_id TEXT NOT NULL,
  expiration INTEGER,
  metadata TEXT
);
CREATE INDEX IF NOT EXISTS _mf_entries_expiration_idx ON _mf_entries(expiration);
`;

/** How long a write waits for a running `wrangler dev` that holds the database's write lock. */
const BUSY_TIMEOUT_MS = 10_000;

export interface LocalKvNamespace {
  namespaceId: string;
  /** The Durable Object's SQLite database: one row per key. */
  sqlitePath: string;
  /** One file per value. */
  blobsDir: string;
}

/** The state folder of wrangler's local mode: `--persist-to`, else `.wrangler/state`. */
export function localStateDir(persistTo?: string): string {
  return persistTo
    ? path.resolve(REPO_ROOT, persistTo)
    : path.join(REPO_ROOT, '.wrangler', 'state');
}

/** Where the namespace `namespaceId` lives in the local state (`--persist-to`, default wrangler's own). */
export function localKvNamespace(namespaceId: string, persistTo?: string): LocalKvNamespace {
  return kvNamespaceIn(path.join(localStateDir(persistTo), 'v3', 'kv'), namespaceId);
}

/**
 * Where the namespace `namespaceId` lives under a Miniflare KV folder `kvDir`: `<state>/v3/kv`
 * for wrangler, `<os.tmpdir()>/miniflare-<random>/kv` for a Miniflare without persistence (the
 * Workers tests' pool, test/support/seed-server.ts).
 */
export function kvNamespaceIn(kvDir: string, namespaceId: string): LocalKvNamespace {
  return {
    namespaceId,
    sqlitePath: path.join(
      kvDir,
      OBJECT_UNIQUE_KEY,
      `${durableObjectIdFromName(OBJECT_UNIQUE_KEY, namespaceId)}.sqlite`,
    ),
    // BlobStore: encodeURIComponent(sanitisePath(namespace)); a namespace id is hex, which both keep as it is.
    blobsDir: path.join(kvDir, encodeURIComponent(namespaceId), 'blobs'),
  };
}

/**
 * workerd's `idFromName`: HMAC-SHA256 of the name under SHA-256(unique key), its first 16 bytes,
 * followed by the first 16 bytes of the HMAC of those (the id's check half); hex, 64 characters.
 */
export function durableObjectIdFromName(uniqueKey: string, name: string): string {
  const key = createHash('sha256').update(uniqueKey).digest();
  const base = createHmac('sha256', key).update(name).digest().subarray(0, 16);
  const check = createHmac('sha256', key).update(base).digest().subarray(0, 16);
  return Buffer.concat([base, check]).toString('hex');
}

/** The path of a value's file. */
export function blobPath(ns: LocalKvNamespace, blobId: string): string {
  return path.join(ns.blobsDir, blobId);
}

/**
 * node:sqlite, loaded on first use. Node 22 prints an ExperimentalWarning when it loads; that says
 * the module's API may change, which test/node/local-kv.test.ts would show, so it is not repeated
 * to every developer on every `npm run dev`. Any other warning is printed as usual.
 */
function sqlite(): typeof import('node:sqlite') {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning instanceof Error ? warning.message : warning).includes('SQLite')) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return createRequire(import.meta.url)('node:sqlite') as typeof import('node:sqlite');
  } finally {
    process.emitWarning = emitWarning;
  }
}

/**
 * Opens the namespace's database, creating it with miniflare's schema when `create` is set;
 * null when it does not exist and `create` is not set. WAL is the journal mode workerd gives the
 * file; SQLite's locks keep this writer and a running `wrangler dev` apart.
 */
export function openLocalKv(
  ns: LocalKvNamespace,
  options: { create?: boolean } = {},
): DatabaseSync | null {
  if (!existsSync(ns.sqlitePath)) {
    if (!options.create) return null;
    mkdirSync(path.dirname(ns.sqlitePath), { recursive: true });
  }
  const db = new (sqlite().DatabaseSync)(ns.sqlitePath, { timeout: BUSY_TIMEOUT_MS });
  db.exec('PRAGMA journal_mode = WAL');
  if (options.create) db.exec(SQL_SCHEMA);
  return db;
}

/** Whether the namespace holds `key` (reads the database only; its value's file is not checked). */
export function localKvHasKey(ns: LocalKvNamespace, key: string): boolean {
  const db = openLocalKv(ns);
  if (!db) return false;
  try {
    return db.prepare('SELECT 1 FROM _mf_entries WHERE key = ?').get(key) !== undefined;
  } finally {
    db.close();
  }
}
