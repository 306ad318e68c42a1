import { QUOTAS } from '../../src/annotations/quotas';
import { insertAccount } from '../lib/miniflare-d1';
import { cpuSeconds, type CpuWorker } from './cpu';

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
/** The goal: bytes per response (the export of an account aside). */
export const HEAVY_BYTES_GOAL = 1024 * 1024;

/** The ten most frequent Hebrew numbers (אֵת, יהוה, אֱלֹהִים, אָמַר, כֹּל, …): the most verses one concordance can ask for (MAX_NUMBERS). */
const FREQUENT_HEBREW = 'H853,H3068,H430,H559,H3605,H413,H5921,H834,H1961,H1121';
/** A long `q[]`: the same long chapter three times, sixteen times over, in three versions. */
const LONG_PASSAGES = `version=KJV,ASV,WEB&${Array.from({ length: 16 }, () => `q[]=${encodeURIComponent('Ps 119; Ps 119; Ps 119')}`).join('&')}`;

export interface HeavyCase {
  name: string;
  path: string;
  /** Whether the caller's own content changes the work (then it runs for both accounts). */
  personal?: boolean;
  /** The account's own export: over 1 MiB by design (bounded by the quotas). */
  export?: boolean;
}

/** One case of each kind, at the most a request of that kind may ask for. */
export const HEAVY_CASES: HeavyCase[] = [
  { name: 'a verse (the baseline)', path: '/verses/KJV:John.3.16.js' },
  {
    name: 'concordance, 10 frequent numbers, largest page',
    path: `/verses.js?strongs=${FREQUENT_HEBREW}&limit=500`,
  },
  {
    name: 'concordance of a lemma (אֵת), largest page',
    path: `/verses.js?lemma=${encodeURIComponent('אֵת')}&limit=500`,
  },
  {
    name: 'concordance page, G3588 in the KJV, largest page',
    path: '/verses?strongs=G3588&version=KJV&limit=500',
    personal: true,
  },
  {
    name: 'keyword search, the commonest word, largest page',
    path: '/verses.js?keyword=the&limit=500',
  },
  {
    name: 'keyword search, four common words, any, by relevance',
    path: '/verses.js?keyword=the+and+of+lord&precision=any&limit=500',
  },
  {
    name: 'keyword results page, the commonest word, largest page',
    path: '/verses?keyword=the&limit=500',
    personal: true,
  },
  { name: 'passages page, Ps 119 ×48 in three versions', path: `/passages?${LONG_PASSAGES}` },
  { name: 'passages, Ps 119 ×48 in three versions', path: `/passages.js?${LONG_PASSAGES}` },
  { name: 'chapter page, Ps 119', path: '/chapters/KJV:Ps.119', personal: true },
  { name: 'chapter page, WLC Ps 119 (interlinear)', path: '/chapters/WLC:Ps.119' },
  { name: 'chapter words, Ps 119', path: '/chapters/KJV:Ps.119/words.js' },
  {
    name: 'chapter annotations, Ps 119',
    path: '/chapters/KJV:Ps.119/annotations.js?limit=500',
    personal: true,
  },
  { name: 'verse page, Ps 119:1', path: '/verses/KJV:Ps.119.1', personal: true },
  { name: 'notes, largest page', path: '/user/notes.js?limit=500', personal: true },
  { name: 'taggings, largest page', path: '/user/taggings.js?limit=500', personal: true },
  { name: 'tag list, largest page', path: '/tags.js?limit=500', personal: true },
  { name: 'topic, JESUS, THE CHRIST', path: '/topics/jesus-the-christ.js' },
  {
    name: 'chapter cross-references with text, Ps 119',
    path: '/chapters/KJV:Ps.119/cross-references.js?include=text',
  },
  { name: 'chapter footnotes, KJV Ps 119', path: '/chapters/KJV:Ps.119/footnotes.js' },
  { name: 'topic search, one letter words', path: '/topics.js?q=a&limit=500' },
  { name: 'lexicon page, H853', path: '/strongs/H853' },
  { name: 'commentaries of Ps 119', path: '/chapters/KJV:Ps.119/commentaries.js' },
  { name: "the account's export", path: '/user/export.xml', personal: true, export: true },
];

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
async function fillAccount(worker: CpuWorker, userId: number): Promise<void> {
  const db = await worker.mf.getD1Database('DB');
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
      `INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at) SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, ?1, ?1 FROM json_each(?2)`,
    )
    .bind(now, JSON.stringify(noteRefs))
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
  const firstTagging = (await db
    .prepare('SELECT min(id) AS id FROM taggings WHERE user_id = ?')
    .bind(userId)
    .first<{ id: number }>())!.id;
  await db
    .prepare(
      `INSERT INTO tagging_references (tagging_id, ord, start_verse, end_verse, created_at, updated_at) SELECT value ->> 0, 0, value ->> 1, value ->> 2, ?1, ?1 FROM json_each(?2)`,
    )
    .bind(
      now,
      JSON.stringify(
        Array.from({ length: QUOTAS.taggings }, (_, i) => [firstTagging + i, ...reference(i + 1)]),
      ),
    )
    .run();
}

/** An empty account and a full one in the worker's D1 (its migrations applied). */
export async function heavyAccounts(worker: CpuWorker): Promise<HeavyAccounts> {
  const db = await worker.mf.getD1Database('DB');
  const empty = await insertAccount(db, {
    email: 'heavy-empty@example.test',
    password: 'heavy bench password',
  });
  const full = await insertAccount(db, {
    email: 'heavy-full@example.test',
    password: 'heavy bench password',
  });
  const { id } = (await db
    .prepare('SELECT id FROM users WHERE email = ?')
    .bind('heavy-full@example.test')
    .first<{ id: number }>())!;
  await fillAccount(worker, id);
  return { empty, full };
}

export interface HeavyFigure {
  name: string;
  path: string;
  account: 'empty' | 'full' | '-';
  status: number;
  bytes: number;
  /** Mean CPU per request of the worker's workerd, ms. */
  ms: number;
  export: boolean;
}

/** Each case (for both accounts when personal): `warmup` requests, then `rounds` measured one after another. */
export async function measureHeavy(
  worker: CpuWorker,
  accounts: HeavyAccounts,
  options: { rounds: number; warmup: number; cases?: HeavyCase[] },
): Promise<HeavyFigure[]> {
  const figures: HeavyFigure[] = [];
  for (const c of options.cases ?? HEAVY_CASES) {
    for (const account of c.personal ? (['empty', 'full'] as const) : (['empty'] as const)) {
      const headers = { Authorization: basic(accounts[account]), 'Accept-Encoding': 'identity' };
      const get = async () => {
        const res = await fetch(worker.url + c.path, { headers });
        return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
      };
      let last = await get();
      for (let i = 1; i < options.warmup; i++) await get();
      const before = cpuSeconds(worker.pids);
      for (let i = 0; i < options.rounds; i++) last = await get();
      const ms = ((cpuSeconds(worker.pids) - before) / options.rounds) * 1000;
      figures.push({
        name: c.name,
        path: c.path,
        account: c.personal ? account : '-',
        status: last.status,
        bytes: last.bytes,
        ms,
        export: !!c.export,
      });
    }
  }
  return figures;
}
