import {
  blockOf,
  claimBlock,
  DIRECTORY,
  ID_BLOCK_SIZE,
  idsFrom,
  READ_IDENTITY,
  ShardRefused,
  type RunBatch,
  type Statement,
} from './shards';

/**
 * Moving an account to another database (docs/scale.md "Moving an account"), while it is used:
 *
 * 1. **Freeze** the account where it is (`users.moving`): from that commit on, no write of its
 *    notes, taggings, reports on its notes or account fields commits there (migrations/0010's
 *    triggers abort it, inside the write's own transaction). A write that was checked before but
 *    commits after is refused by its database; the worker answers it 503 with Retry-After.
 *    Reads go on from the frozen rows.
 * 2. **Copy** everything the account has, read after the freeze (so nothing written before it is
 *    missed), into the new database in one batch (one transaction: all or nothing), with every id
 *    it had: the account row with its change sequence, its notes, taggings, their references,
 *    the tags they use, its changes feed (tombstones included), its kept idempotency answers, and
 *    the reports on its notes. Revisions, the feed and the sequence are set back exactly as they
 *    were (the triggers that number changes run on the inserts; the batch's last statements undo
 *    what they did). When the ids came from a later block than the new database's, its next ids
 *    move to a new block above every id, in the same batch (src/db/shards.ts).
 * 3. **Switch** the directory to the new database (and count the move in `placement`). From here,
 *    a request of the account is routed to the new database: a worker whose cache still names
 *    the old one finds the account frozen there and asks the directory. A refused write sent again
 *    now lands there. The pause in writes is step 1 to step 3.
 * 4. **Count** the tags the move added to one database and took from the other (src/annotations/
 *    tag-names.ts flushTagUse, by the caller: `afterMove`).
 * 5. After `graceMs` (a request that read the old database's rows just before the switch has
 *    finished with them), **delete** the account from the old database: its `users` row, whose
 *    cascade takes everything else.
 *
 * A move that fails before step 3 unfreezes the account (its data was never changed where it is)
 * and deletes what it had copied; run it again. A client's cursor, revisions and Idempotency-Keys
 * keep working, since all of them moved with their ids (test/db/move-account.test.ts).
 */

/** The columns a move copies, per table (every column but the generated ones: test/db/move-account.test.ts). */
export const MOVED_COLUMNS = {
  users: [
    'id',
    'email',
    'password_hash',
    'token_hash',
    'first_name',
    'last_name',
    'display_name',
    'role',
    'created_at',
    'updated_at',
    'change_seq',
    'changes_floor',
  ],
  tags: ['id', 'name', 'created_at'],
  notes: [
    'id',
    'user_id',
    'title',
    'content',
    'public',
    'moderation',
    'published_at',
    'moderated_at',
    'created_at',
    'updated_at',
    'revision',
  ],
  note_references: [
    'id',
    'note_id',
    'ord',
    'start_verse',
    'end_verse',
    'created_at',
    'updated_at',
    'user_id',
    'readable',
  ],
  taggings: ['id', 'user_id', 'tag_id', 'created_at', 'updated_at', 'revision'],
  tagging_references: [
    'id',
    'tagging_id',
    'ord',
    'start_verse',
    'end_verse',
    'created_at',
    'updated_at',
    'user_id',
  ],
  note_reports: ['id', 'note_id', 'reporter_id', 'reason', 'created_at'],
  changes: ['user_id', 'kind', 'item_id', 'seq', 'deleted', 'at'],
  idempotency_keys: [
    'user_id',
    'key',
    'fingerprint',
    'attempt',
    'state',
    'started_at',
    'expires_at',
    'start_seq',
    'status',
    'kind',
    'result',
    'bytes',
  ],
} as const;

type MovedTable = keyof typeof MOVED_COLUMNS;

/** Which rows of each table are the account's (`?1`: its id), in the order they are inserted. */
const ROWS_OF: Record<MovedTable, string> = {
  users: 'id = ?1',
  tags: 'id IN (SELECT tag_id FROM taggings WHERE user_id = ?1)',
  notes: 'user_id = ?1',
  note_references: 'note_id IN (SELECT id FROM notes WHERE user_id = ?1)',
  taggings: 'user_id = ?1',
  tagging_references: 'tagging_id IN (SELECT id FROM taggings WHERE user_id = ?1)',
  note_reports: 'note_id IN (SELECT id FROM notes WHERE user_id = ?1)',
  changes: 'user_id = ?1',
  // An answer still being made belongs to a write the freeze refuses: its retry runs afresh.
  idempotency_keys: "user_id = ?1 AND state = 'done'",
};

const TABLES = Object.keys(MOVED_COLUMNS) as MovedTable[];

/**
 * What one statement carries at most: D1 takes a statement of 100 KB at most (its limits page),
 * and wrangler writes a bound value into the statement's text.
 */
const CHUNK_BYTES = 90_000;

/** Rows as JSON texts of arrays, each text under CHUNK_BYTES. */
function chunks(rows: unknown[][]): string[] {
  const out: string[] = [];
  let part: string[] = [];
  let size = 2;
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (part.length && size + text.length + 1 > CHUNK_BYTES) {
      out.push(`[${part.join(',')}]`);
      part = [];
      size = 2;
    }
    part.push(text);
    size += text.length + 1;
  }
  if (part.length) out.push(`[${part.join(',')}]`);
  return out;
}

/** The INSERT of a chunk of a table's rows, each an array in MOVED_COLUMNS order. */
function insertRows(table: MovedTable, json: string): Statement {
  const columns = MOVED_COLUMNS[table];
  const values = columns.map((_, i) => `value ->> ${i}`).join(', ');
  // A tag the new database has already (by id or name) stays as it is: the ids are the directory's.
  const conflict = table === 'tags' ? ' WHERE true ON CONFLICT DO NOTHING' : '';
  return {
    sql: `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${values} FROM json_each(?1)${conflict}`,
    params: [json],
  };
}

export interface MoveReport {
  from: string;
  to: string;
  /** Rows copied per table. */
  rows: Record<MovedTable, number>;
  /** Milliseconds from the freeze to the directory's switch: how long writes were refused. */
  pauseMs: number;
  /** The new database's new block, when the move gave it one. */
  newBlock: number | null;
}

/** The directory's row of an account. */
async function placeOf(run: RunBatch, accountId: number) {
  const [[row]] = await run(DIRECTORY, [
    { sql: 'SELECT shard, placement FROM accounts WHERE id = ?1', params: [accountId] },
  ]);
  if (!row) throw new ShardRefused(`No account ${accountId} in the directory`);
  return { shard: String(row.shard), placement: Number(row.placement) };
}

/**
 * Moves account `accountId` to database `to` (steps 1 to 3 above; see `afterMove` for 4 and 5).
 * `shards`: the databases there are. Returns what it moved and the pause.
 */
export async function moveAccount(
  run: RunBatch,
  shards: readonly string[],
  accountId: number,
  to: string,
  now: () => number = Date.now,
): Promise<MoveReport> {
  if (!shards.includes(to))
    throw new ShardRefused(`No database ${to}: the databases are ${shards.join(', ')}`);
  const place = await placeOf(run, accountId);
  const from = place.shard;
  if (from === to) throw new ShardRefused(`Account ${accountId} is in ${to} already`);

  // 1. Freeze. A move that died after this step left the account frozen: it is carried on.
  const frozenAt = now();
  const [[frozen]] = await run(from, [
    {
      sql: 'UPDATE users SET moving = coalesce(moving, ?2) WHERE id = ?1 RETURNING id',
      params: [accountId, frozenAt],
    },
  ]);
  if (!frozen)
    throw new ShardRefused(`${from} has no account ${accountId}, though the directory says so`);

  try {
    // 2. Copy: read after the freeze, written in one batch.
    const read = await run(
      from,
      TABLES.map((table) => ({
        sql: `SELECT ${MOVED_COLUMNS[table].join(', ')} FROM ${table} WHERE ${ROWS_OF[table]}`,
        params: [accountId],
      })),
    );
    const rows = Object.fromEntries(
      TABLES.map((table, i) => [
        table,
        read[i].map((r) => MOVED_COLUMNS[table].map((c) => r[c] ?? null)),
      ]),
    ) as Record<MovedTable, unknown[][]>;
    const largest = Math.max(
      0,
      ...(
        ['notes', 'note_references', 'taggings', 'tagging_references', 'note_reports'] as const
      ).flatMap((t) => rows[t].map((r) => Number(r[0]))),
    );
    const [[identity]] = await run(to, [READ_IDENTITY]);
    if (!identity)
      throw new ShardRefused(`${to} was never prepared (docs/scale.md "Adding a database")`);
    // Ids of a block at or above the new database's: its next ids move above every id.
    let newBlock: number | null = null;
    if (blockOf(largest) >= Number(identity.block)) {
      const [[claimed]] = await run(DIRECTORY, [claimBlock(to, now())]);
      newBlock = Number(claimed.block);
    }
    const user = rows.users[0];
    const seq = user[MOVED_COLUMNS.users.indexOf('change_seq')];
    const floor = user[MOVED_COLUMNS.users.indexOf('changes_floor')];
    const revisions = (table: 'notes' | 'taggings') =>
      chunks(rows[table].map((r) => [r[0], r[MOVED_COLUMNS[table].indexOf('revision')]]));
    await run(to, [
      // What an earlier attempt left (its users row takes the rest with it).
      { sql: 'DELETE FROM users WHERE id = ?1', params: [accountId] },
      ...TABLES.filter((t) => t !== 'changes').flatMap((table) =>
        chunks(rows[table]).map((json) => insertRows(table, json)),
      ),
      // The triggers numbered the inserts as changes: the revisions, the feed and the sequence as
      // they were.
      ...(['notes', 'taggings'] as const).flatMap((table) =>
        revisions(table).map((json) => ({
          sql: `UPDATE ${table} SET revision = r.value ->> 1 FROM json_each(?1) AS r WHERE ${table}.id = r.value ->> 0`,
          params: [json],
        })),
      ),
      { sql: 'DELETE FROM changes WHERE user_id = ?1', params: [accountId] },
      ...chunks(rows.changes).map((json) => insertRows('changes', json)),
      {
        sql: 'UPDATE users SET change_seq = ?2, changes_floor = ?3 WHERE id = ?1',
        params: [accountId, seq as number, floor as number],
      },
      ...(newBlock === null
        ? []
        : [
            ...idsFrom(newBlock * ID_BLOCK_SIZE),
            {
              sql: 'UPDATE shard_identity SET block = ?1 WHERE name = ?2',
              params: [newBlock, to],
            },
          ]),
    ]);

    // 3. Switch.
    const [[switched]] = await run(DIRECTORY, [
      {
        sql: 'UPDATE accounts SET shard = ?2, placement = placement + 1 WHERE id = ?1 AND shard = ?3 RETURNING id',
        params: [accountId, to, from],
      },
    ]);
    if (!switched)
      throw new ShardRefused(`The directory no longer names ${from} for account ${accountId}`);
    return {
      from,
      to,
      rows: Object.fromEntries(TABLES.map((t) => [t, rows[t].length])) as Record<
        MovedTable,
        number
      >,
      pauseMs: now() - frozenAt,
      newBlock,
    };
  } catch (err) {
    // Nothing was switched: the account stays where it was, writable again.
    await run(to, [{ sql: 'DELETE FROM users WHERE id = ?1', params: [accountId] }]).catch(
      () => {},
    );
    await run(from, [{ sql: 'UPDATE users SET moving = NULL WHERE id = ?1', params: [accountId] }]);
    throw err;
  }
}

/**
 * Step 5: deletes a moved account from the database it left, once the directory names another
 * (its `users` row; the cascade takes its notes, taggings, references, changes, keys and the
 * reports on its notes; the triggers let it through, migrations/0010).
 */
export async function removeMovedAccount(run: RunBatch, accountId: number, from: string) {
  const place = await placeOf(run, accountId);
  if (place.shard === from)
    throw new ShardRefused(`Account ${accountId} is still in ${from}: it was not moved`);
  await run(from, [
    { sql: 'DELETE FROM users WHERE id = ?1 AND moving IS NOT NULL', params: [accountId] },
  ]);
}
