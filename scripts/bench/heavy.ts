import type { SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { publishedReferencesQuery } from '../../src/annotations/public/public-notes';
import { countedPageQuery, countedParams } from '../../src/annotations/coverage/chapter-in-sql';
import { QUOTAS } from '../../src/annotations/personal/quotas';
import type { BookEntry } from '../../src/snapshot/types';
import { chapterWindow, versesWindow } from '../../src/annotations/coverage/reference-windows';
import { readerSpans, referenceIdsQuery, type PackedSpans } from '../../src/annotations/references';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { insertAccount, migrationStatements } from '../lib/miniflare-d1';
import { MAX_PUBLIC_NOTES } from '../../src/api/limits';
import { LIMITS } from '../../src/annotations/personal/input';
import { MCP_BOUNDS } from '../../src/api/mcp';
import { ROUTES } from '../../src/api/table';
import { cpuMillis, type CpuWorker } from './cpu';
import { caseRouteOf, HEAVY_CASES, type HeavyCase } from './heaviest';
import { median } from './measure';
import { kvReadsOf } from '../../src/http/server-timing';
import { findWorst } from './worst';

/**
 * The heaviest request of each kind, one by one: our worker's CPU per request (its workerd
 * process, as the own-CPU figures are measured, local D1 included) and the size of its answer,
 * for an empty account and for one at every quota (src/annotations/personal/quotas.ts). The goal they are
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

/** The accounts the heavy cases run for (HeavyCase `accounts`). */
export interface HeavyAccounts {
  /** No notes, no taggings: the moderator who reported every public note of the others. */
  empty: string;
  /** At every quota, its references in John and Psalm 119 (KJV): a reader of those two. */
  full: string;
  /**
   * At every quota, its 10,000 references all on Psalm 51, written in the KJV, the WLC, the RV1909
   * and the WEB: the WLC numbers the Psalm apart from the KJV (its title is 51:1-2), so a chapter
   * of it is read by the general coverage rule over every reference (src/annotations/coverage/coverage-index.ts).
   */
  psalm51: string;
  /**
   * Fifty notes of 10,000 characters on KJV Ps 51:1 (the note text quota), every one public and
   * reported, the characters the pages escape most: with `others` below, the verse page's notes
   * and public notes, the public lists and the moderation queue at their byte bounds.
   */
  large: string;
  /** Another such account: the public notes the `large` reader sees of others. */
  others: string;
  /**
   * Its notes at the quotas in the shape that weighs most on a page of the notes list: 200 notes
   * of 2,490 characters and 50 references each (a page of 200 holds about 40 of them by bytes).
   */
  wide: string;
  /**
   * Its taggings in the shape that weighs most on a page of the taggings list: 500 of 20
   * references each (a page of 500 holds about 110 by bytes).
   */
  tagged: string;
  /**
   * Two accounts of 200 public notes with 50 references each, all on Ps 23 (KJV): 20,000 published
   * references on one chapter, the most the public lists read for a book (MAX_PUBLIC_REFERENCES).
   * Not reported: the moderation queue's case is the `large` accounts'.
   */
  crowd: string;
  crowd2: string;
}

export type HeavyAccount = keyof HeavyAccounts;

const basic = (token: string) => `Basic ${Buffer.from(`${token}:x`).toString('base64')}`;

/** What an account holds (fillAccount). */
interface AccountPlan {
  notes: number;
  /** Characters of each note's content. */
  text: number;
  /** A note's content, of `text` characters. */
  content: (i: number, text: number) => string;
  /** References per note. */
  perNote: number;
  /** The k-th note reference's first and last verse (the note k / perNote's). */
  noteReference: (k: number) => [string, string];
  taggings: number;
  /** References per tagging (1 unless said). */
  perTagging?: number;
  /** The k-th tagging reference's first and last verse (the tagging k / perTagging's). */
  taggingReference: (k: number) => [string, string];
  /** Public notes: the first ones. */
  public: number;
}

/** John's verses per chapter (the KJV's). */
const JOHN_VERSES = [
  51, 25, 36, 54, 47, 71, 53, 59, 41, 42, 57, 50, 38, 31, 27, 33, 26, 40, 42, 31, 25,
];

/** References in John and Ps 119, in the KJV, as a reader of those two would write them. */
const johnAndPsalm119 = (i: number): [string, string] => {
  if (i % 2) {
    const v = 1 + (i % 174);
    return [`KJV:Ps.119.${v}`, `KJV:Ps.119.${v + 2}`];
  }
  const c = 1 + (i % JOHN_VERSES.length);
  const v = 1 + (i % (JOHN_VERSES[c - 1] - 1));
  return [`KJV:John.${c}.${v}`, `KJV:John.${c}.${v + 1}`];
};

/** Psalm 51's verses in the versions a reader wrote on: the WLC's two more (its title). */
const PSALM_51: [string, number][] = [
  ['KJV', 19],
  ['WLC', 21],
  ['RV1909', 19],
  ['WEB', 19],
];

/** References over Psalm 51, each version in turn, two or three verses each. */
const psalm51 = (k: number): [string, string] => {
  const [version, verses] = PSALM_51[k % PSALM_51.length];
  const v = 1 + (Math.floor(k / PSALM_51.length) % (verses - 2));
  return [`${version}:Ps.51.${v}`, `${version}:Ps.51.${v + 1 + (k % 2)}`];
};

/** Note text the pages escape most (every character an entity in HTML and XML). */
const ESCAPED = '&<>"';

/** An account at every quota, its notes' and taggings' references made by `reference`. */
function atEveryQuota(reference: (i: number) => [string, string]): AccountPlan {
  return {
    notes: QUOTAS.notes,
    text: Math.floor(QUOTAS.noteText / QUOTAS.notes),
    content: (_, text) => 'x'.repeat(text),
    perNote: (QUOTAS.references - QUOTAS.taggings) / QUOTAS.notes,
    noteReference: reference,
    taggings: QUOTAS.taggings,
    taggingReference: (i) => reference(i + 1),
    public: MAX_PUBLIC_NOTES,
  };
}

/** An account of the longest notes the quotas allow, each public and on the verse `ref`. */
function longNotesOn(ref: string): AccountPlan {
  // Titles count too (`note 1`): one note fewer than the quota's content alone would hold.
  const notes = QUOTAS.noteText / LIMITS.content - 1;
  return {
    notes,
    text: LIMITS.content,
    content: (i, text) =>
      ESCAPED.repeat(Math.ceil(text / ESCAPED.length)).slice(0, text - 8) +
      String(i).padStart(8, '0'),
    perNote: 1,
    noteReference: () => [ref, ref],
    taggings: 0,
    taggingReference: () => [ref, ref],
    public: notes,
  };
}

/** An account's 200 public notes of 50 references each, on the verses of KJV Ps 23 in turn. */
const crowdOnPsalm23: AccountPlan = {
  notes: MAX_PUBLIC_NOTES,
  text: 200,
  content: (_, text) => 'x'.repeat(text),
  perNote: QUOTAS.references / MAX_PUBLIC_NOTES,
  noteReference: (k) => {
    const v = 1 + (k % 6);
    return [`KJV:Ps.23.${v}`, `KJV:Ps.23.${v}`];
  },
  taggings: 0,
  taggingReference: () => ['KJV:Ps.23.1', 'KJV:Ps.23.1'],
  public: MAX_PUBLIC_NOTES,
};

const PLANS: Record<Exclude<HeavyAccount, 'empty'>, AccountPlan> = {
  full: atEveryQuota(johnAndPsalm119),
  psalm51: atEveryQuota(psalm51),
  // 49 notes of 10,000 escaped characters, public, on a Psalm 51 verse (the KJV's, another
  // account's the WLC's).
  large: longNotesOn('KJV:Ps.51.1'),
  others: longNotesOn('WLC:Ps.51.3'),
  wide: {
    notes: 200,
    // Titles count too (`note 123`): 2,490 characters of content leave them room.
    text: QUOTAS.noteText / 200 - 10,
    content: (_, text) => 'x'.repeat(text),
    perNote: QUOTAS.references / 200,
    noteReference: johnAndPsalm119,
    taggings: 0,
    taggingReference: johnAndPsalm119,
    public: 0,
  },
  crowd: crowdOnPsalm23,
  crowd2: crowdOnPsalm23,
  tagged: {
    notes: 0,
    text: 0,
    content: () => '',
    perNote: 0,
    noteReference: johnAndPsalm119,
    taggings: 500,
    perTagging: QUOTAS.references / 500,
    taggingReference: johnAndPsalm119,
    public: 0,
  },
};

/** An account filled by `plan`, written straight into the worker's D1. */
async function fillAccount(db: BenchD1, userId: number, plan: AccountPlan): Promise<void> {
  const now = Date.now();
  const title = (i: number) => `note ${i}`;
  await db
    .prepare(
      `INSERT INTO notes (user_id, title, content, public, created_at, updated_at) SELECT ?1, value ->> 0, value ->> 1, 0, ?2, ?2 FROM json_each(?3)`,
    )
    .bind(
      userId,
      now,
      JSON.stringify(
        Array.from({ length: plan.notes }, (_, i) => [title(i), plan.content(i, plan.text)]),
      ),
    )
    .run();
  const first = (await db
    .prepare('SELECT min(id) AS id FROM notes WHERE user_id = ?')
    .bind(userId)
    .first<{ id: number }>())!.id;
  const noteRefs = Array.from({ length: plan.notes * plan.perNote }, (_, k) => [
    first + Math.floor(k / plan.perNote),
    k % plan.perNote,
    ...plan.noteReference(k),
  ]);
  await db
    .prepare(
      `INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at, user_id) SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, ?1, ?1, ?3 FROM json_each(?2)`,
    )
    .bind(now, JSON.stringify(noteRefs), userId)
    .run();
  // Its first notes are public, each reported once (by the empty account, see heavyAccounts), so
  // that the public lists and the moderation queue have the most to show.
  await db
    .prepare(`UPDATE notes SET public = 1, published_at = ?2 WHERE user_id = ?1 AND id < ?3`)
    .bind(userId, now, first + plan.public)
    .run();
  if (!plan.taggings) return;
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
        Array.from({ length: plan.taggings }, (_, i) => `heavy tag ${i % QUOTAS.tags}`),
      ),
    )
    .run();
  const firstTagging = (await db
    .prepare('SELECT min(id) AS id FROM taggings WHERE user_id = ?')
    .bind(userId)
    .first<{ id: number }>())!.id;
  const perTagging = plan.perTagging ?? 1;
  await db
    .prepare(
      `INSERT INTO tagging_references (tagging_id, ord, start_verse, end_verse, created_at, updated_at, user_id) SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, ?1, ?1, ?3 FROM json_each(?2)`,
    )
    .bind(
      now,
      JSON.stringify(
        Array.from({ length: plan.taggings * perTagging }, (_, k) => [
          firstTagging + Math.floor(k / perTagging),
          k % perTagging,
          ...plan.taggingReference(k),
        ]),
      ),
      userId,
    )
    .run();
}

/** An account at every quota, its references in John and Psalm 119 (the `full` account's plan). */
export const fillFullAccount = (db: BenchD1, userId: number) => fillAccount(db, userId, PLANS.full);

/** The heavy accounts in the worker's D1 (its migrations applied). */
export async function heavyAccounts(worker: CpuWorker): Promise<HeavyAccounts> {
  // The CPU bench's worker runs one database (a small deployment's: docs/scale.md).
  const db = await worker.mf.getD1Database('DB');
  const databases = { DB: db };
  const tokens = {} as HeavyAccounts;
  const ids = {} as Record<HeavyAccount, number>;
  for (const name of [
    'empty',
    'full',
    'psalm51',
    'large',
    'others',
    'wide',
    'tagged',
    'crowd',
    'crowd2',
  ] as const) {
    const email = `heavy-${name}@example.test`;
    tokens[name] = await insertAccount(databases, { email, password: 'heavy bench password' });
    ids[name] = (await db
      .prepare('SELECT id FROM users WHERE email = ?')
      .bind(email)
      .first<{ id: number }>())!.id;
    if (name !== 'empty') await fillAccount(db, ids[name], PLANS[name]);
  }
  await db
    .prepare(
      `INSERT INTO note_reports (note_id, reporter_id, reason, created_at) SELECT id, ?1, ?2, ?3 FROM notes WHERE user_id NOT IN (?1, ?4, ?5) AND public = 1`,
    )
    .bind(ids.empty, 'r'.repeat(500), Date.now(), ids.crowd, ids.crowd2)
    .run();
  // Each reads the moderation queue and log as a moderator does.
  await db.prepare("UPDATE users SET role = 'moderator'").bind().run();
  return tokens;
}

export interface HeavyFigure {
  /** The route the case stands for (`GET /verses`). */
  route: string;
  name: string;
  path: string;
  account: HeavyAccount | '-';
  status: number;
  bytes: number;
  /** The route's declared largest answer (src/api/budgets.ts), when the table has the route. */
  budget?: number;
  /** The most KV reads one of its requests made (Server-Timing), the first request's included. */
  kvReads: number;
  /** The route's declared largest number of KV reads (src/api/table.ts `bounds.kvReads`). */
  kvBudget?: number;
  /** The largest round, ms. */
  maxMs: number;
  /** How many inputs the rounds went through (HeavyCase `rotate`; 0: the same one each round). */
  rotated: number;
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
/** The declared KV reads, likewise. */
const KV_BUDGETS = new Map([
  ...ROUTES.map((r): [string, number] => [caseRouteOf(r.method, r.path), r.bounds.kvReads]),
  ['POST /mcp', MCP_BOUNDS.kvReads],
]);

/** Each case (for both accounts when personal): `warmup` requests, then `rounds` measured one after another. */
export async function measureHeavy(
  worker: CpuWorker,
  accounts: HeavyAccounts,
  options: { rounds: number; warmup: number; cases?: HeavyCase[] },
): Promise<HeavyFigure[]> {
  const asked = (options.cases ?? HEAVY_CASES).filter((c) => c.route !== 'GET /assets/*');
  // The inputs of the cases that name a finder, found on this worker's whole snapshot.
  const found = await findWorst(
    async (path) => {
      const res = await fetch(worker.url + path, {
        headers: { Authorization: basic(accounts.empty), 'Accept-Encoding': 'identity' },
      });
      const text = await res.text();
      const body: unknown = res.headers.get('Content-Type')?.includes('json')
        ? JSON.parse(text)
        : null;
      return { status: res.status, bytes: new TextEncoder().encode(text).byteLength, body };
    },
    new Set(asked.flatMap((c) => (c.find ? [c.find] : []))),
  );
  const figures: HeavyFigure[] = [];
  // The site's files are served by the platform before the worker runs (wrangler.toml
  // `[assets]`); the bench's worker has no ASSETS binding, so they are not measured here.
  for (const [name, paths] of found)
    console.log(`the heaviest inputs found (${name}): ${paths.join(' ')}`);
  const cases = asked.map((c) => (c.find ? { ...c, rotate: found.get(c.find) } : c));
  for (const c of cases) {
    const runFor: HeavyAccount[] = c.accounts ?? (c.personal ? ['empty', 'full'] : ['empty']);
    for (const account of runFor) {
      const headers: Record<string, string> = {
        Authorization: basic(accounts[account]),
        'Accept-Encoding': 'identity',
        ...(c.body
          ? { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }
          : {}),
      };
      const send = async (path: string) => {
        // A redirect is the answer measured (`/search`), not the page it points to.
        const res = await fetch(worker.url + path, {
          method: c.method ?? 'GET',
          headers,
          body: c.body,
          redirect: 'manual',
        });
        const bytes = (await res.arrayBuffer()).byteLength;
        const kvReads = kvReadsOf(res.headers.get('Server-Timing')) ?? 0;
        return { status: res.status, bytes, kvReads };
      };
      const first = await send(c.path);
      for (let i = 1; i < options.warmup; i++) await send(c.path);
      // Each round's CPU alone, and the median of them: a garbage collection or a tick of the
      // runtime's own work lands in one round, not in the figure. A case with inputs to rotate
      // sends a new one each round (HeavyCase `rotate`).
      const rounds: number[] = [];
      const answers = [first];
      for (let i = 0; i < options.rounds; i++) {
        const path = c.rotate?.length ? c.rotate[i % c.rotate.length] : c.path;
        const before = cpuMillis(worker.pids);
        answers.push(await send(path));
        rounds.push(cpuMillis(worker.pids) - before);
      }
      const last = answers[answers.length - 1];
      const ms = median(rounds);
      const meanMs = rounds.reduce((a, b) => a + b, 0) / rounds.length;
      figures.push({
        route: c.route,
        name: c.name,
        path: c.path,
        account: c.personal || c.accounts ? account : '-',
        status: answers.find((a) => a.status >= 400)?.status ?? last.status,
        bytes: Math.max(...answers.map((a) => a.bytes)),
        budget: BUDGETS.get(c.route),
        kvReads: Math.max(...answers.map((a) => a.kvReads)),
        kvBudget: KV_BUDGETS.get(c.route),
        ms,
        meanMs,
        maxMs: Math.max(...rounds),
        rotated: c.rotate?.length ?? 0,
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
 * src/annotations/coverage/chapter-in-sql.ts countedPageQuery, src/annotations/public/public-notes.ts
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

/** A chapter's annotations counted in SQLite (src/annotations/coverage/chapter-in-sql.ts): one row. */
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
  await fillAccount(sqliteD1(sqlite), id, PLANS.full);
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
