import type { SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { publishedReferencesQuery } from '../../src/annotations/public-notes';
import { countedPageQuery, countedParams } from '../../src/annotations/chapter-in-sql';
import { QUOTAS } from '../../src/annotations/quotas';
import type { BookEntry } from '../../src/snapshot/types';
import { chapterWindow, versesWindow } from '../../src/annotations/reference-windows';
import { readerSpans, referenceIdsQuery, type PackedSpans } from '../../src/annotations/references';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { insertAccount, migrationStatements } from '../lib/miniflare-d1';
import { MAX_PUBLIC_NOTES } from '../../src/api/limits';
import { MCP_BOUNDS } from '../../src/api/mcp';
import { ROUTES } from '../../src/api/table';
import { cpuMillis, type CpuWorker } from './cpu';
import { caseRouteOf, HEAVY_CASES, type HeavyCase } from './heaviest';
import { median } from './measure';

/**
 * The heaviest request of each kind, one by one: our worker's CPU per request (its workerd
 * process, as the own-CPU figures are measured, local D1 included) and the size of its answer,
 * for an empty account and for one at every quota (src/annotations/quotas.ts). The goal they are
 * read against: no request over HEAVY_CPU_GOAL_MS on the build machine and no response over
 * 1 MiB, the account's own export aside (docs/configuration.md "Bounds on one request").
 *
 * Each path runs as the worker's whole snapshot answers it (`wrangler dev`'s local KV of the
 * bench), after a few warm-up requests, `rounds` times one after the other; /proc's CPU clock
 * ticks every 10 ms, so the mean over the rounds is the figure.
 */

/** The goal: CPU per request, in milliseconds, on the 2-core build machine. */
export const HEAVY_CPU_GOAL_MS = 30;
/**
 * Requests of each case before its measured rounds, so that V8 has compiled the case's code. The
 * rounds still range widely (every thread of the process counts, V8's compiling and collecting
 * among them): chapter annotations at the quotas read 14–64 ms a round in one run of 30 (29
 * November 2026). So the median of the rounds is the figure; 30 warm-up requests steadied it no
 * more than 10.
 */
export const HEAVY_WARMUP = 10;

/** The goal: bytes per response (the export of an account aside). */
export const HEAVY_BYTES_GOAL = 1024 * 1024;

export { HEAVY_CASES, type HeavyCase } from './heaviest';

/** What fillAccount needs of a database: D1's binding, or measureD1's SQLite file (sqliteD1). */
export interface BenchD1 {
  prepare(query: string): {
    bind(...values: unknown[]): {
      run(): Promise<unknown>;
      first<T>(): Promise<T | null>;
    };
  };
}

/** The two accounts the heavy cases run for. */
export interface HeavyAccounts {
  empty: string;
  full: string;
}

const basic = (token: string) => `Basic ${Buffer.from(`${token}:x`).toString('base64')}`;

/**
 * An account at every quota, written straight into the worker's D1: 2,000 notes of 250
 * characters (500,000 in all) with 4 references each, and 2,000 taggings of 200 tags with one
 * reference each (10,000 references), all in John and Psalm 119, as a reader of those two would.
 */
export async function fillAccount(db: BenchD1, userId: number): Promise<void> {
  const now = Date.now();
  const notes = QUOTAS.notes;
  const perNote = (QUOTAS.references - QUOTAS.taggings) / notes;
  const text = Math.floor(QUOTAS.noteText / notes);
  const johnVerses = [
    51, 25, 36, 54, 47, 71, 53, 59, 41, 42, 57, 50, 38, 31, 27, 33, 26, 40, 42, 31, 25,
  ];
  const reference = (i: number): [string, string] => {
    if (i % 2) {
      const v = 1 + (i % 174);
      return [`KJV:Ps.119.${v}`, `KJV:Ps.119.${v + 2}`];
    }
    const c = 1 + (i % johnVerses.length);
    const v = 1 + (i % (johnVerses[c - 1] - 1));
    return [`KJV:John.${c}.${v}`, `KJV:John.${c}.${v + 1}`];
  };
  const title = (i: number) => `note ${i}`;
  await db
    .prepare(
      `INSERT INTO notes (user_id, title, content, public, created_at, updated_at) SELECT ?1, value ->> 0, value ->> 1, 0, ?2, ?2 FROM json_each(?3)`,
    )
    .bind(
      userId,
      now,
      JSON.stringify(
        Array.from({ length: notes }, (_, i) => [title(i), 'x'.repeat(text - title(i).length)]),
      ),
    )
    .run();
  const first = (await db
    .prepare('SELECT min(id) AS id FROM notes WHERE user_id = ?')
    .bind(userId)
    .first<{ id: number }>())!.id;
  const noteRefs = Array.from({ length: notes * perNote }, (_, k) => [
    first + Math.floor(k / perNote),
    k % perNote,
    ...reference(k),
  ]);
  await db
    .prepare(
      `INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at, user_id) SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, ?1, ?1, ?3 FROM json_each(?2)`,
    )
    .bind(now, JSON.stringify(noteRefs), userId)
    .run();
  await db
    .prepare(`INSERT OR IGNORE INTO tags (name, created_at) SELECT value, ?1 FROM json_each(?2)`)
    .bind(now, JSON.stringify(Array.from({ length: QUOTAS.tags }, (_, i) => `heavy tag ${i}`)))
    .run();
  await db
    .prepare(
      `INSERT INTO taggings (user_id, tag_id, created_at, updated_at) SELECT ?1, (SELECT id FROM tags WHERE name = value), ?2, ?2 FROM json_each(?3)`,
    )
    .bind(
      userId,
      now,
      JSON.stringify(
        Array.from({ length: QUOTAS.taggings }, (_, i) => `heavy tag ${i % QUOTAS.tags}`),
      ),
    )
    .run();
  // Its first MAX_PUBLIC_NOTES notes are public, each reported once (by the empty account, see
  // heavyAccounts), so that the public lists and the moderation queue have the most to show.
  await db
    .prepare(`UPDATE notes SET public = 1, published_at = ?2 WHERE user_id = ?1 AND id < ?3`)
    .bind(userId, now, first + MAX_PUBLIC_NOTES)
    .run();
  const firstTagging = (await db
    .prepare('SELECT min(id) AS id FROM taggings WHERE user_id = ?')
    .bind(userId)
    .first<{ id: number }>())!.id;
  await db
    .prepare(
      `INSERT INTO tagging_references (tagging_id, ord, start_verse, end_verse, created_at, updated_at, user_id) SELECT value ->> 0, 0, value ->> 1, value ->> 2, ?1, ?1, ?3 FROM json_each(?2)`,
    )
    .bind(
      now,
      JSON.stringify(
        Array.from({ length: QUOTAS.taggings }, (_, i) => [firstTagging + i, ...reference(i + 1)]),
      ),
      userId,
    )
    .run();
}

/** An empty account and a full one in the worker's D1 (its migrations applied). */
export async function heavyAccounts(worker: CpuWorker): Promise<HeavyAccounts> {
  // The CPU bench's worker runs one database (a small deployment's: docs/scale.md).
  const db = await worker.mf.getD1Database('DB');
  const databases = { DB: db };
  const empty = await insertAccount(databases, {
    email: 'heavy-empty@example.test',
    password: 'heavy bench password',
  });
  const full = await insertAccount(databases, {
    email: 'heavy-full@example.test',
    password: 'heavy bench password',
  });
  const { id } = (await db
    .prepare('SELECT id FROM users WHERE email = ?')
    .bind('heavy-full@example.test')
    .first<{ id: number }>())!;
  await fillAccount(db, id);
  const { id: emptyId } = (await db
    .prepare('SELECT id FROM users WHERE email = ?')
    .bind('heavy-empty@example.test')
    .first<{ id: number }>())!;
  await db
    .prepare(
      `INSERT INTO note_reports (note_id, reporter_id, reason, created_at) SELECT id, ?1, ?2, ?3 FROM notes WHERE user_id = ?4 AND public = 1`,
    )
    .bind(emptyId, 'r'.repeat(500), Date.now(), id)
    .run();
  // Both read the moderation queue and log as a moderator does.
  await db
    .prepare("UPDATE users SET role = 'moderator' WHERE id IN (?1, ?2)")
    .bind(id, emptyId)
    .run();
  return { empty, full };
}

export interface HeavyFigure {
  /** The route the case stands for (`GET /verses`). */
  route: string;
  name: string;
  path: string;
  account: 'empty' | 'full' | '-';
  status: number;
  bytes: number;
  /** The route's declared largest answer (src/api/budgets.ts), when the table has the route. */
  budget?: number;
  /** Median CPU per request of the worker's workerd over the rounds, ms. */
  ms: number;
  /** Their mean, ms (a garbage collection in one round shows here). */
  meanMs: number;
  /** Exempt from the 1 MiB goal (a download, the account's own export). */
  exempt: boolean;
  /** Set apart from the CPU goal (the account's export and import: HeavyCase `cpuExempt`). */
  cpuExempt: boolean;
}

/** The declared answer budgets, by the cases' route names (src/api/table.ts `bounds`). */
const BUDGETS = new Map([
  ...ROUTES.map((r): [string, number] => [caseRouteOf(r.method, r.path), r.bounds.answerBytes]),
  ['POST /mcp', MCP_BOUNDS.answerBytes],
]);

/** Each case (for both accounts when personal): `warmup` requests, then `rounds` measured one after another. */
export async function measureHeavy(
  worker: CpuWorker,
  accounts: HeavyAccounts,
  options: { rounds: number; warmup: number; cases?: HeavyCase[] },
): Promise<HeavyFigure[]> {
  const figures: HeavyFigure[] = [];
  // The site's files are served by the platform before the worker runs (wrangler.toml
  // `[assets]`); the bench's worker has no ASSETS binding, so they are not measured here.
  const cases = (options.cases ?? HEAVY_CASES).filter((c) => c.route !== 'GET /assets/*');
  for (const c of cases) {
    for (const account of c.personal ? (['empty', 'full'] as const) : (['empty'] as const)) {
      const headers: Record<string, string> = {
        Authorization: basic(accounts[account]),
        'Accept-Encoding': 'identity',
        ...(c.body
          ? { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }
          : {}),
      };
      const send = async () => {
        const res = await fetch(worker.url + c.path, {
          method: c.method ?? 'GET',
          headers,
          body: c.body,
        });
        return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
      };
      let last = await send();
      for (let i = 1; i < options.warmup; i++) await send();
      // Each round's CPU alone, and the median of them: a garbage collection or a tick of the
      // runtime's own work lands in one round, not in the figure.
      const rounds: number[] = [];
      for (let i = 0; i < options.rounds; i++) {
        const before = cpuMillis(worker.pids);
        last = await send();
        rounds.push(cpuMillis(worker.pids) - before);
      }
      const ms = median(rounds);
      const meanMs = rounds.reduce((a, b) => a + b, 0) / rounds.length;
      figures.push({
        route: c.route,
        name: c.name,
        path: c.path,
        account: c.personal ? account : '-',
        status: last.status,
        bytes: last.bytes,
        budget: BUDGETS.get(c.route),
        ms,
        meanMs,
        exempt: !!c.exempt,
        cpuExempt: !!c.cpuExempt,
      });
    }
  }
  return figures;
}

/**
 * How much of a quota case is D1: the statements by which the case reads the references or counts
 * the annotations (src/annotations/references.ts referenceIdsQuery,
 * src/annotations/chapter-in-sql.ts countedPageQuery, src/annotations/public-notes.ts
 * publishedReferencesQuery), run alone on SQLite (Node's, the engine D1 runs) on a database
 * holding the full account exactly as the worker's does (the migrations, fillAccount), `rounds`
 * times, as this process's CPU per round: D1's own work, without the worker's process around it
 * or Miniflare's calls (which cost more than the statements). The page's other statements (the
 * text of the notes shown) are not counted.
 */
/** A statement of a D1 case, and what its rows carry. */
interface D1Statement {
  query: SQL;
  read: (rows: Record<string, unknown>[]) => string;
}

/** A reader's coverage read: a few rows, each one text of many references (readerSpans). */
const readerRead = (query: SQL | null): D1Statement => ({
  query: query!,
  read: (rows) =>
    `${readerSpans(rows.map((r) => Object.values(r) as PackedSpans)).refs.item.length} references`,
});

/** The public notes' read: a row per reference. */
const publishedRead = (query: SQL): D1Statement => ({
  query,
  read: (rows) => `${rows.length} references`,
});

/** A chapter's annotations counted in SQLite (src/annotations/chapter-in-sql.ts): one row. */
const countedRead = (query: SQL): D1Statement => ({
  query,
  read: (rows) => `${Object.values(rows[0] ?? {})[1]} annotations counted`,
});

/** KJV Psalm 119 as the chapter's route reads it: its 176 verses, no map moving one. */
const PS_119 = {
  book: { version: 'KJV', osis: 'Ps' } as BookEntry,
  verses: Array.from({ length: 176 }, (_, i) => i + 1),
};

export const D1_CASES: { name: string; statements: (userId: number) => D1Statement[] }[] = [
  {
    name: 'chapter annotations, Ps 119',
    statements: (id) => [
      countedRead(
        countedPageQuery(
          countedParams({
            userId: id,
            ...PS_119,
            chapter: 119,
            window: chapterWindow('Ps', 119),
            page: { offset: 0, limit: 200 },
          })!,
        ),
      ),
    ],
  },
  {
    name: 'verse page, Ps 119:1',
    statements: (id) => [
      readerRead(referenceIdsQuery(['note'], id, { windows: [versesWindow('Ps', 119, 1, 1)] })),
      publishedRead(publishedReferencesQuery(versesWindow('Ps', 119, 1, 1), id)),
    ],
  },
  {
    // The page's 500 verses are Matthew's (its windows: every chapter of Matthew).
    name: 'concordance page, G3588 in the KJV, largest page',
    statements: (id) => [
      readerRead(
        referenceIdsQuery(['note'], id, {
          windows: Array.from({ length: 28 }, (_, c) => chapterWindow('Matt', c + 1)),
        }),
      ),
    ],
  },
];

export interface D1Figure {
  name: string;
  /** What the statements read (references, or annotations counted). */
  read: string;
  /** Mean CPU of the worker's workerd per round, ms. */
  ms: number;
}

/** A D1-like face over one SQLite database, for fillAccount. */
export function sqliteD1(db: DatabaseSync): BenchD1 {
  return {
    prepare: (query) => ({
      bind: (...values) => {
        const statement = db.prepare(query);
        const params = values as SQLInputValue[];
        return {
          run: async () => statement.run(...params),
          first: async <T>() => (statement.get(...params) as T | undefined) ?? null,
        };
      },
    }),
  };
}

export async function measureD1(rounds: number): Promise<D1Figure[]> {
  const sqlite = new DatabaseSync(':memory:');
  for (const statement of migrationStatements()) sqlite.exec(statement);
  const now = Date.now();
  sqlite
    .prepare(
      `INSERT INTO users (email, password_hash, token_hash, created_at, updated_at) VALUES ('heavy-full@example.test', '', '', ?, ?)`,
    )
    .run(now, now);
  const { id } = sqlite.prepare('SELECT max(id) AS id FROM users').get() as { id: number };
  await fillAccount(sqliteD1(sqlite), id);
  const dialect = new SQLiteSyncDialect();
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const figures: D1Figure[] = [];
  for (const c of D1_CASES) {
    const statements = c.statements(id).map((s) => {
      const { sql: text, params } = dialect.sqlToQuery(s.query);
      return { ...s, statement: sqlite.prepare(text), params: params as SQLInputValue[] };
    });
    const run = () => statements.map((s) => s.read(s.statement.all(...s.params))).join(', ');
    let read = run();
    for (let i = 1; i < 3; i++) run();
    const before = cpuMs();
    for (let i = 0; i < rounds; i++) read = run();
    figures.push({ name: c.name, read, ms: (cpuMs() - before) / rounds });
  }
  sqlite.close();
  return figures;
}
