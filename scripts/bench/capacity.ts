import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { moveAccountWholly } from '../../src/annotations/personal/account-move';
import { createNote } from '../../src/annotations/personal/notes';
import { createTagging } from '../../src/annotations/personal/taggings';
import { MAX_PUBLIC_NOTES, MAX_PUBLIC_REFERENCES } from '../../src/api/limits';
import { hashPassword } from '../../src/auth/crypto';
import { database } from '../../src/db/client';
import { d1Runner, shardNames } from '../../src/db/shards';
import { readSnapshotPairs, FIXTURE_DIR } from '../fixture';
import { insertAccount, migrationStatements } from '../lib/miniflare-d1';
import { DEFAULT_OUT_DIR, REPO_ROOT } from '../snapshot/paths';
import { benchRateLimits } from './config';
import { cpuMillis, startOurWorker, type CpuWorker } from './cpu';
import { fillFullAccount, heavyAccounts, sqliteD1 } from './heavy';
import { measure, median, type Measurement } from './measure';

/**
 * `npm run bench -- --capacity` (docs/scale.md "Capacity, measured"): how much one database takes.
 *
 * 1. **Through the Worker, one local D1**: our worker (bundled as deployed, in a workerd of its
 *    own, scripts/bench/cpu.ts) with one database, driven with the service's own requests at
 *    rising concurrency (closed loop, loopback): a note with five references and a tagging
 *    (writes, over a pool of accounts: one holds only so much), a chapter's annotations of an
 *    account at every quota and a chapter's public notes (reads). Per level: requests per second,
 *    p50 and p99 latency; the level past which the rate grows by less than a tenth is where it
 *    saturates. The machine's cores run the worker, its D1 and this load at once: a local figure
 *    is a lower bound of one database's, not Cloudflare's.
 * 2. **SQLite's own time per write**: the same data modules' batches (createNote, createTagging)
 *    on SQLite in this process (the engine D1 runs, single-threaded as a D1 database is), timing
 *    only SQLite's calls: the work one database's primary does per write, whatever serves it.
 * 3. **Bytes per account**: a database file before and after accounts are written, typical and
 *    at every quota.
 * 4. **Reading every database at the quotas**: a chapter's public notes read from three databases
 *    each holding MAX_PUBLIC_REFERENCES readable references on it, against one database holding
 *    them (what a shared index of public notes would read), our worker's CPU and wall time.
 * 5. **The move's pause**: an account at every quota moved between two local databases, through
 *    Miniflare's bindings as `npm run user -- move` runs it locally.
 */

/**
 * A state folder of its own for a worker of the bench, under the repository's .wrangler (workerd
 * refuses a module outside the folder it starts in: a bundle in the system's temporary folder
 * would not load).
 */
function stateFolder(name: string): string {
  const root = path.join(REPO_ROOT, '.wrangler');
  mkdirSync(root, { recursive: true });
  return mkdtempSync(path.join(root, `capacity-${name}-`));
}

/** Concurrency levels, doubling. */
export const CAPACITY_LEVELS = [1, 2, 4, 8, 16, 32, 64];

/** Accounts the write cases spread over (2,000 notes and 2,000 taggings each: src/annotations/personal/quotas.ts). */
const WRITERS = 64;

const basic = (token: string) => `Basic ${Buffer.from(`${token}:x`).toString('base64')}`;

/**
 * A verse of John for the `i`-th tagging of `writers` writers taking turns: another for each of a
 * writer's taggings up to 525 each (21 chapters of at least 25 verses), so that no tagging repeats
 * another.
 */
function oneVerseOfJohn(i: number, writers = WRITERS) {
  const k = Math.floor(i / writers);
  const ref = `KJV:John.${1 + (Math.floor(k / 25) % 21)}.${1 + (k % 25)}`;
  return { start: ref, end: ref };
}

/** Five one-verse references in John 3, from `i`. */
function fiveReferences(i: number) {
  return Array.from({ length: 5 }, (_, k) => {
    const v = 1 + ((i + k * 7) % 36);
    return { start: `KJV:John.3.${v}`, end: `KJV:John.3.${v}` };
  });
}

export interface CapacityLevel extends Measurement {
  concurrency: number;
}

export interface CapacityCase {
  name: string;
  kind: 'write' | 'read';
  levels: CapacityLevel[];
  /** The level with the most requests per second. */
  peak: CapacityLevel;
  /** The first level past which the rate grew by less than a tenth (where it saturates). */
  saturated: CapacityLevel;
}

interface CaseSpec {
  name: string;
  kind: 'write' | 'read';
  status: number;
  request: (i: number) => {
    path: string;
    method?: string;
    body?: string;
    headers: Record<string, string>;
  };
}

/** The snapshot the worker reads: the full one when built, else the tests' fixture. */
function benchSnapshot() {
  const full = path.join(REPO_ROOT, DEFAULT_OUT_DIR);
  return readSnapshotPairs(
    existsSync(path.join(full, 'manifest.json')) ? full : path.join(REPO_ROOT, FIXTURE_DIR),
  );
}

/** Part 1: the four cases at every level through one worker with one database. */
export async function throughTheWorker(
  worker: CpuWorker,
  seconds: number,
  levels: number[],
): Promise<CapacityCase[]> {
  const accounts = await heavyAccounts(worker);
  const databases = { DB: await worker.mf.getD1Database('DB') };
  const passwordHash = await hashPassword('capacity bench password');
  const writers: string[] = [];
  for (let i = 0; i < WRITERS; i++)
    writers.push(
      basic(
        await insertAccount(databases, {
          email: `capacity-${i}@example.test`,
          password: 'capacity bench password',
          passwordHash,
        }),
      ),
    );
  const json = { 'Content-Type': 'application/json' };
  const specs: CaseSpec[] = [
    {
      name: 'a note with five references',
      kind: 'write',
      status: 201,
      request: (i) => ({
        path: '/notes.js',
        method: 'POST',
        headers: { ...json, Authorization: writers[i % WRITERS] },
        body: JSON.stringify({
          note: {
            title: `capacity ${i}`,
            content: 'x'.repeat(200),
            references: { reference: fiveReferences(i) },
          },
        }),
      }),
    },
    {
      name: 'a tagging',
      kind: 'write',
      status: 201,
      request: (i) => ({
        path: '/user/taggings.js',
        method: 'POST',
        headers: { ...json, Authorization: writers[i % WRITERS] },
        body: JSON.stringify({
          tagging: {
            tag: { name: `capacity tag ${i % 40}` },
            references: { reference: [oneVerseOfJohn(i)] },
          },
        }),
      }),
    },
    {
      name: "a chapter's annotations at the quotas",
      kind: 'read',
      status: 200,
      request: () => ({
        path: '/chapters/KJV:John.3/annotations.js',
        headers: { Authorization: basic(accounts.full) },
      }),
    },
    {
      name: "a chapter's public notes",
      kind: 'read',
      status: 200,
      request: () => ({
        path: '/chapters/KJV:John.3/public-notes.js?limit=200',
        headers: { Authorization: basic(accounts.empty) },
      }),
    },
  ];
  const ctx = { baseUrl: worker.url, token: '', authorization: '', pool: [] };
  const out: CapacityCase[] = [];
  // Requests numbered one after another across levels, so that no two writes of a case are
  // identical (a tagging sent again is answered 200 with the one it made: src/annotations/personal/taggings.ts).
  let issued = 0;
  const next = (spec: CaseSpec) => () => spec.request(issued++);
  for (const spec of specs) {
    const measured: CapacityLevel[] = [];
    for (const concurrency of levels) {
      const opts = { concurrency, maxRequests: 1_000_000, expectStatus: spec.status };
      await measure(ctx, next(spec), { ...opts, seconds: 0.5 });
      const m = await measure(ctx, next(spec), { ...opts, seconds });
      measured.push({ ...m, concurrency });
      console.log(
        `  ${spec.name}, ${concurrency} at once: ${m.throughput.toFixed(0)}/s, p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms${
          m.errors
            ? `, ${m.errors} not ${spec.status} (${Object.entries(m.unexpected)
                .map(([status, n]) => `${n} ${status}`)
                .join(', ')})`
            : ''
        }`,
      );
    }
    const peak = measured.reduce((a, b) => (b.throughput > a.throughput ? b : a));
    const saturated =
      measured.find((m, i) => i > 0 && m.throughput < measured[i - 1].throughput * 1.1) ??
      measured[measured.length - 1];
    out.push({ name: spec.name, kind: spec.kind, levels: measured, peak, saturated });
  }
  return out;
}

// ---------------------------------------------------------------------- SQLite's own time per write

/**
 * A D1 binding over one SQLite database in this process, for Drizzle's D1 driver (its `prepare`,
 * `bind`, `all`, `raw`, `run`, `first` and `batch`, a batch one transaction as D1 runs it), which
 * counts the time spent in SQLite's calls alone.
 */
function timedD1(db: DatabaseSync) {
  let spent = 0;
  const timed = <T>(fn: () => T): T => {
    const t0 = performance.now();
    try {
      return fn();
    } finally {
      spent += performance.now() - t0;
    }
  };
  const statement = (sql: string, params: unknown[] = []) => {
    const rows = () =>
      timed(() => db.prepare(sql).all(...(params as SQLInputValue[]))) as Record<string, unknown>[];
    return {
      bind: (...values: unknown[]) => statement(sql, values),
      all: async () => ({ results: rows(), success: true, meta: {} }),
      raw: async () => rows().map((r) => Object.values(r)),
      first: async () => rows()[0] ?? null,
      run: async () => {
        timed(() => db.prepare(sql).run(...(params as SQLInputValue[])));
        return { results: [], success: true, meta: {} };
      },
      sql,
      params,
    };
  };
  return {
    binding: {
      prepare: (sql: string) => statement(sql),
      batch: async (list: ReturnType<typeof statement>[]) => {
        timed(() => db.exec('BEGIN'));
        try {
          const results = [];
          for (const s of list) results.push(await s.all());
          timed(() => db.exec('COMMIT'));
          return results;
        } catch (err) {
          db.exec('ROLLBACK');
          throw err;
        }
      },
    } as unknown as D1Database,
    spent: () => spent,
  };
}

export interface SqliteWrite {
  name: string;
  /** SQLite's time per write batch, ms (the median of the rounds' means). */
  ms: number;
  /** What one database's primary could take of them a second, were it doing nothing else. */
  perSecond: number;
}

/** Part 2: SQLite's time of each write's batch, in a database holding a full account and others. */
export function sqliteWrites(rounds = 2000): Promise<SqliteWrite[]> {
  return (async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'capacity-')), 'writes.sqlite');
    const sqlite = new DatabaseSync(file);
    try {
      sqlite.exec('PRAGMA journal_mode = WAL');
      // SQLite's own work per write, its commit not waiting on this machine's disk (a D1 database's
      // storage makes a write durable its own way: the figure is the engine's share).
      sqlite.exec('PRAGMA synchronous = OFF');
      sqlite.exec('PRAGMA foreign_keys = ON');
      for (const statement of migrationStatements()) sqlite.exec(statement);
      const now = Date.now();
      const insert = sqlite.prepare(
        `INSERT INTO users (id, email, password_hash, token_hash, created_at, updated_at) VALUES (?, ?, '', ?, ?, ?)`,
      );
      // A full account beside them, so that the tables and indexes are of a size.
      insert.run(1, 'full@example.test', 'full', now, now);
      await fillFullAccount(sqliteD1(sqlite), 1);
      const writers = 20;
      for (let i = 0; i < writers; i++)
        insert.run(100 + i, `w${i}@example.test`, `w${i}`, now, now);
      const { binding, spent } = timedD1(sqlite);
      const db = database(binding);
      const figures: SqliteWrite[] = [];
      const cases: [string, (i: number) => Promise<unknown>][] = [
        [
          'a note with five references',
          (i) =>
            createNote(db, 100 + (i % writers), {
              title: `capacity ${i}`,
              content: 'x'.repeat(200),
              references: fiveReferences(i),
            }),
        ],
        [
          'a tagging',
          (i) =>
            createTagging(db, 100 + (i % writers), {
              tag: { id: 1_000_000 + (i % 40), name: `capacity tag ${i % 40}` },
              references: [oneVerseOfJohn(i, writers)],
            }),
        ],
      ];
      for (const [name, write] of cases) {
        for (let i = 0; i < 50; i++) await write(i);
        const means: number[] = [];
        for (let round = 0; round < 5; round++) {
          const before = spent();
          for (let i = 0; i < rounds / 5; i++) await write(100_000 * (round + 1) + i);
          means.push((spent() - before) / (rounds / 5));
        }
        const ms = median(means);
        figures.push({ name, ms, perSecond: 1000 / ms });
      }
      return figures;
    } finally {
      sqlite.close();
      rmSync(path.dirname(file), { recursive: true, force: true });
    }
  })();
}

// --------------------------------------------------------------------------- bytes per account

export interface AccountBytes {
  typical: number;
  atQuota: number;
  /** What the typical account holds (the model's assumption: docs/scale.md). */
  typicalIs: string;
}

const TYPICAL = {
  notes: 100,
  noteText: 300,
  noteReferences: 2,
  taggings: 200,
  tags: 20,
};

/** A token's hash as stored: 64 hex digits. */
const tokenHash = (id: number) => id.toString(16).padStart(64, '0');

/** A database file's bytes, its free pages left out (as D1 reports a database's size). */
function usedBytes(db: DatabaseSync): number {
  const page = (db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size;
  const count = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
  const free = (db.prepare('PRAGMA freelist_count').get() as { freelist_count: number })
    .freelist_count;
  return (count - free) * page;
}

/** Part 3: bytes per account, typical and at every quota, in a database file as D1 keeps it. */
export async function bytesPerAccount(): Promise<AccountBytes> {
  const dir = mkdtempSync(path.join(tmpdir(), 'capacity-bytes-'));
  const measureWith = async (
    count: number,
    fill: (db: DatabaseSync, id: number) => Promise<void>,
  ) => {
    const sqlite = new DatabaseSync(path.join(dir, `${count}-${Math.random()}.sqlite`));
    try {
      sqlite.exec('PRAGMA foreign_keys = ON');
      sqlite.exec('PRAGMA synchronous = OFF');
      for (const statement of migrationStatements()) sqlite.exec(statement);
      sqlite.exec('VACUUM');
      const empty = usedBytes(sqlite);
      const now = Date.now();
      for (let id = 1; id <= count; id++) {
        sqlite.exec('BEGIN');
        sqlite
          .prepare(
            `INSERT INTO users (id, email, password_hash, token_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .run(id, `account-${id}@example.test`, 'p'.repeat(120), tokenHash(id), now, now);
        sqlite
          .prepare(`INSERT INTO accounts (id, email, shard, created_at) VALUES (?, ?, 'DB', ?)`)
          .run(id, `account-${id}@example.test`, now);
        sqlite.prepare(`INSERT INTO account_tokens VALUES (?, ?)`).run(tokenHash(id), id);
        await fill(sqlite, id);
        sqlite.exec('COMMIT');
      }
      sqlite.exec('VACUUM');
      return (usedBytes(sqlite) - empty) / count;
    } finally {
      sqlite.close();
    }
  };
  try {
    const typical = await measureWith(50, async (sqlite, id) => {
      const now = Date.now();
      const notes = sqlite.prepare(
        `INSERT INTO notes (user_id, title, content, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
      );
      const ref = sqlite.prepare(
        `INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at, user_id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      for (let n = 0; n < TYPICAL.notes; n++) {
        const { id: noteId } = notes.get(
          id,
          `note ${n}`,
          'x'.repeat(TYPICAL.noteText),
          now,
          now,
        ) as {
          id: number;
        };
        for (let r = 0; r < TYPICAL.noteReferences; r++) {
          const v = 1 + ((n + r) % 30);
          ref.run(noteId, r, `KJV:John.3.${v}`, `KJV:John.3.${v}`, now, now, id);
        }
      }
      for (let t = 0; t < TYPICAL.tags; t++)
        sqlite
          .prepare(`INSERT OR IGNORE INTO tags (id, name, created_at) VALUES (?, ?, ?)`)
          .run(1000 + t, `typical tag ${t}`, now);
      const tagging = sqlite.prepare(
        `INSERT INTO taggings (user_id, tag_id, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id`,
      );
      const tref = sqlite.prepare(
        `INSERT INTO tagging_references (tagging_id, ord, start_verse, end_verse, created_at, updated_at, user_id) VALUES (?, 0, ?, ?, ?, ?, ?)`,
      );
      for (let t = 0; t < TYPICAL.taggings; t++) {
        const { id: taggingId } = tagging.get(id, 1000 + (t % TYPICAL.tags), now, now) as {
          id: number;
        };
        const v = 1 + (t % 30);
        tref.run(taggingId, `KJV:Ps.119.${v}`, `KJV:Ps.119.${v}`, now, now, id);
      }
    });
    const atQuota = await measureWith(3, (sqlite, id) => fillFullAccount(sqliteD1(sqlite), id));
    return {
      typical,
      atQuota,
      typicalIs: `${TYPICAL.notes} notes of ${TYPICAL.noteText} characters with ${TYPICAL.noteReferences} references each, ${TYPICAL.taggings} taggings of ${TYPICAL.tags} tags with one reference each`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------ reading every database at the quotas

export interface FanOutFigure {
  databases: number;
  /** Readable references on the chapter in each database. */
  referencesEach: number;
  /** Our worker's CPU per request (its workerd, the local D1s included), median, ms. */
  cpuMs: number;
  /** Wall time per request, median, ms. */
  wallMs: number;
  bytes: number;
}

/**
 * Authors with MAX_PUBLIC_NOTES public notes each on John 3 (five references a note) in one
 * database, until it holds MAX_PUBLIC_REFERENCES readable references there: what a chapter's
 * public notes read at most (src/api/limits.ts).
 */
async function fillPublicNotes(db: D1Database, firstAuthor: number): Promise<void> {
  const perNote = 5;
  const authors = Math.ceil(MAX_PUBLIC_REFERENCES / (MAX_PUBLIC_NOTES * perNote));
  const now = Date.now();
  for (let a = 0; a < authors; a++) {
    const id = firstAuthor + a;
    await db
      .prepare(
        `INSERT INTO users (id, email, password_hash, token_hash, display_name, created_at, updated_at) VALUES (?1, ?2, '', ?2, ?3, ?4, ?4)`,
      )
      .bind(id, `author-${id}@example.test`, `Author ${id}`, now)
      .run();
    await db
      .prepare(
        `INSERT INTO notes (user_id, title, content, public, published_at, created_at, updated_at) SELECT ?1, 'public ' || value, ?2, 1, ?3 + value, ?3, ?3 FROM json_each(?4)`,
      )
      .bind(
        id,
        'y'.repeat(200),
        now + a * 1000,
        JSON.stringify(Array.from({ length: MAX_PUBLIC_NOTES }, (_, i) => i)),
      )
      .run();
    await db
      .prepare(
        `INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at, user_id)
         SELECT n.id, r.value, 'KJV:John.3.' || (1 + (n.id + r.value * 7) % 36), 'KJV:John.3.' || (1 + (n.id + r.value * 7) % 36), ?2, ?2, ?1
         FROM notes AS n, json_each('[0,1,2,3,4]') AS r WHERE n.user_id = ?1`,
      )
      .bind(id, now)
      .run();
  }
}

/** Part 4: a chapter's public notes at the quotas, from one database and from three. */
export async function readingEveryDatabase(rounds: number): Promise<FanOutFigure[]> {
  const figures: FanOutFigure[] = [];
  for (const names of [['DB'], ['DB', 'DB_1', 'DB_2']]) {
    const state = stateFolder('fan-out');
    const worker = await startOurWorker(state, benchSnapshot(), benchRateLimits(), {
      d1Databases: names,
    });
    try {
      for (const [i, name] of names.entries())
        await fillPublicNotes(await worker.mf.getD1Database(name), 10_000_000 + i * 1000);
      const send = async () => {
        const t0 = performance.now();
        const res = await fetch(`${worker.url}/chapters/KJV:John.3/public-notes.js?limit=200`, {
          headers: { Authorization: worker.authorization, 'Accept-Encoding': 'identity' },
        });
        const bytes = (await res.arrayBuffer()).byteLength;
        if (res.status !== 200) throw new Error(`public notes: ${res.status}`);
        return { bytes, wall: performance.now() - t0 };
      };
      for (let i = 0; i < 5; i++) await send();
      const cpu: number[] = [];
      const wall: number[] = [];
      let bytes = 0;
      for (let i = 0; i < rounds; i++) {
        const before = cpuMillis(worker.pids);
        const sent = await send();
        cpu.push(cpuMillis(worker.pids) - before);
        wall.push(sent.wall);
        bytes = sent.bytes;
      }
      figures.push({
        databases: names.length,
        referencesEach: MAX_PUBLIC_REFERENCES,
        cpuMs: median(cpu),
        wallMs: median(wall),
        bytes,
      });
    } finally {
      await worker.stop();
      rmSync(state, { recursive: true, force: true });
    }
  }
  return figures;
}

// ------------------------------------------------------------------------------------ the move

export interface MoveFigure {
  rows: number;
  pauseMs: number;
  wholeMs: number;
}

/** Part 5: an account at every quota moved between two local databases, `times` times. */
export async function movePause(times: number): Promise<MoveFigure[]> {
  const state = stateFolder('move');
  const names = ['DB', 'DB_1', 'DB_2'];
  const worker = await startOurWorker(state, benchSnapshot(), benchRateLimits(), {
    d1Databases: names,
  });
  try {
    const databases = Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, await worker.mf.getD1Database(n)])),
    ) as Record<string, D1Database>;
    await insertAccount(databases, { email: 'moved@example.test', password: 'moved password' });
    const run = d1Runner(databases);
    const [[place]] = await run('DB', [
      { sql: "SELECT id, shard FROM accounts WHERE email = 'moved@example.test'", params: [] },
    ]);
    await fillFullAccount(databases[String(place.shard)], Number(place.id));
    const figures: MoveFigure[] = [];
    let at = String(place.shard);
    for (let i = 0; i < times; i++) {
      const to = names[(names.indexOf(at) + 1) % names.length];
      const t0 = performance.now();
      const report = await moveAccountWholly(run, shardNames(databases), Number(place.id), to, 0);
      figures.push({
        rows: Object.values(report.rows).reduce((a, b) => a + b, 0),
        pauseMs: report.pauseMs,
        wholeMs: performance.now() - t0,
      });
      at = to;
    }
    return figures;
  } finally {
    await worker.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

/** Part 1 with its worker started and stopped. */
export async function oneDatabaseThroughTheWorker(
  seconds: number,
  levels: number[],
): Promise<CapacityCase[]> {
  const state = stateFolder('worker');
  const worker = await startOurWorker(state, benchSnapshot(), benchRateLimits());
  try {
    return await throughTheWorker(worker, seconds, levels);
  } finally {
    await worker.stop();
    rmSync(state, { recursive: true, force: true });
  }
}
