/** Bindings (wrangler.toml) and per-request context variables shared by the whole worker. */

export interface Env {
  /** The build-time scripture snapshot (docs/kv-layout.md). */
  SNAPSHOT: KVNamespace;
  /** Accounts, tags, taggings, notes (migrations/). */
  DB: D1Database;
  /** Id of the snapshot this deployment serves; passed with --var by `npm run dev` / `npm run deploy`. */
  SNAPSHOT_ID: string;
}

/** `.xml` → XML, `.js` → JSON (spec "What the service does", 4). */
export type Format = 'xml' | 'js';

export interface AuthenticatedUser {
  id: number;
}

export interface RequestVars {
  /** Effective API version after clamping (spec "Versioning"). */
  apiVersion: number;
  format: Format;
  user: AuthenticatedUser;
  /** KV reads made for this request (reported in the `X-KV-Reads` header; see bench). */
  kvReads: { count: number };
}

export type AppEnv = { Bindings: Env; Variables: RequestVars };
