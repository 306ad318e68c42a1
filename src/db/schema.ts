import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

/**
 * D1 schema (Drizzle). Migrations are generated from this file by `npm run db:generate` into
 * migrations/ and applied by `npm run dev`, the tests and `npm run db:migrate:remote`.
 * Timestamps are stored as Unix milliseconds and rendered in the spec's form.
 */
export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** The account's user name (original service: `username` is the e-mail). */
  email: text('email').notNull().unique(),
  /** PBKDF2-SHA256, salted (src/auth/crypto.ts); never returned by the API. */
  passwordHash: text('password_hash').notNull(),
  /** SHA-256 of the API token; the token itself is shown once and never stored. */
  tokenHash: text('token_hash').notNull().unique(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  /**
   * The name shown beside the account's public notes (docs/public-notes.md "Display names"):
   * opt-in, empty until the reader sets one; empty shows an anonymous label, never the e-mail.
   */
  displayName: text('display_name').notNull().default(''),
  /** `reader` or `moderator` (docs/public-notes.md "Roles"); set by `npm run user -- role`. */
  role: text('role').notNull().default('reader'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  /**
   * The account's change sequence (docs/sync.md "Revisions"): the last number given to a change of
   * its notes, taggings or tags. The triggers of migrations/0009 add one for every row they see
   * change and give the row that number as its revision and its place in the changes feed, inside
   * the writing statement's own transaction, so no writer can forget it and two changes never
   * share a number.
   */
  changeSeq: integer('change_seq').notNull().default(0),
  /**
   * The highest sequence number of a deletion no longer kept (docs/sync.md "Retention"): a feed
   * cursor below it may have missed a deletion, so it is answered 410.
   */
  changesFloor: integer('changes_floor').notNull().default(0),
  /**
   * Set while the account is being moved to another database (docs/scale.md "Moving an account"):
   * when the move froze it. Triggers (migrations/0010) then refuse every write of its notes,
   * taggings, reports on its notes and account fields in this database, inside the writing
   * statement, so no write can land here after the move copied what was here.
   */
  moving: integer('moving'),
});

/**
 * Tags are global names (docs/annotations.md): a tag appears when a tagging first uses
 * it and is never changed afterwards; ownership lives in taggings. Names are unique byte for byte
 * (case-sensitive), at most 100 characters (docs/annotations.md "Limits").
 */
export const tags = sqliteTable('tags', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  createdAt: integer('created_at').notNull(),
});

/**
 * A tagging: one user's tag on verse references (docs/contract.md "Tagging"). AUTOINCREMENT keeps ids
 * monotonic, which the atomic create relies on (src/annotations/references.ts).
 */
export const taggings = sqliteTable(
  'taggings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** The tagging's revision: the account's changeSeq at its last change (set by triggers). */
    revision: integer('revision').notNull().default(0),
  },
  // Every read is "the caller's taggings" (optionally of one tag): owner first.
  // The site-wide tag list counts the accounts using each tag: tag first, then owner (covering).
  (t) => [
    index('taggings_user_tag_idx').on(t.userId, t.tagId),
    index('taggings_tag_user_idx').on(t.tagId, t.userId),
  ],
);

/** A note on verses, owned by one user (docs/contract.md "Note"). */
export const notes = sqliteTable(
  'notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    /** Spec: integer flag, 0 on a newly created note. */
    public: integer('public').notNull().default(0),
    /**
     * The moderation state (docs/public-notes.md "States"), the spec's `moderated`: null (none),
     * `pending`, `reported`, `approved`, `hidden` or `removed`. Others read a note only when it
     * is public and its state is null or `approved`.
     */
    moderation: text('moderation'),
    /** When the note was last published (public set to 1); orders the public lists, newest first. */
    publishedAt: integer('published_at'),
    /** When a moderator or the report threshold last changed `moderation`. */
    moderatedAt: integer('moderated_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** The note's revision: the account's changeSeq at its last change (set by triggers). */
    revision: integer('revision').notNull().default(0),
  },
  // The import's "identical note" check looks a note up by owner and title (src/annotations/personal/identity.ts).
  // The public lists read the published notes newest first (src/annotations/public/public-notes.ts).
  (t) => [
    index('notes_user_idx').on(t.userId),
    index('notes_user_title_idx').on(t.userId, t.title),
    index('notes_public_idx').on(t.public, t.publishedAt),
  ],
);

/**
 * A reader's report of another account's public note (docs/public-notes.md "Reporting"): one per
 * note and reporter (the unique index makes a second one a 409, also when two arrive at once).
 */
export const noteReports = sqliteTable(
  'note_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    /**
     * The reporting account, which may live in another database than the note (docs/scale.md
     * "What stays whole"): an id of the directory's `accounts`, not a key of this database.
     */
    reporterId: integer('reporter_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('note_reports_note_reporter_idx').on(t.noteId, t.reporterId)],
);

/**
 * Who moderated which note how and when (docs/public-notes.md "Moderation"). Kept when the note
 * or the moderator's account goes: the log is the record, so its ids are plain integers.
 */
export const moderationLog = sqliteTable(
  'moderation_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    moderatorId: integer('moderator_id').notNull(),
    noteId: integer('note_id').notNull(),
    action: text('action').notNull(),
    reason: text('reason').notNull().default(''),
    at: integer('at').notNull(),
  },
  (t) => [index('moderation_log_note_idx').on(t.noteId)],
);

/**
 * Verse references (docs/contract.md "Reference"): `start` / `end` are canonical verse ids of the snapshot,
 * `ord` keeps the order the client sent. Deleting the parent deletes its references.
 */
/**
 * A verse id's parts in SQL: `VERSION:Book.C.V` → its book (`Book`) and its position in its own
 * version's numbering, chapter × 1000 + verse (src/annotations/coverage/coverage-index.ts's OwnSpan). Ids are
 * canonical (src/annotations/personal/input.ts): one colon, then three dot-separated parts.
 */
function verseBook(column: string) {
  const rest = `substr(${column}, instr(${column}, ':') + 1)`;
  return `substr(${rest}, 1, instr(${rest}, '.') - 1)`;
}
function versePosition(column: string) {
  const rest = `substr(${column}, instr(${column}, ':') + 1)`;
  const cv = `substr(${rest}, instr(${rest}, '.') + 1)`;
  return `(CAST(substr(${cv}, 1, instr(${cv}, '.') - 1) AS INTEGER) * 1000 + CAST(substr(${cv}, instr(${cv}, '.') + 1) AS INTEGER))`;
}

/**
 * A reference's version when its last verse is of its first's version and book, else NULL: a span
 * is one version's and one book's (src/annotations/coverage/coverage-index.ts), and a reader's read takes only
 * the references that have one (writers never store one that has not: src/annotations/personal/input.ts).
 * A column of the reader index, so that the read takes it from the index, not from the row.
 */
function spanVersion(): string {
  const prefix = (column: string) =>
    `substr(${column}, 1, length(book) + instr(${column}, ':') + 1)`;
  return `CASE WHEN ${prefix('end_verse')} = ${prefix('start_verse')} THEN substr(start_verse, 1, instr(start_verse, ':') - 1) END`;
}

/**
 * The columns every reference table shares (a fresh set per table, as Drizzle requires).
 *
 * `user_id`, `book`, `start_position` and `end_position` exist for one index, by which a page
 * reads only the reader's references that can fall on the verses it shows
 * (docs/annotations.md "How references are read"). The book and positions are VIRTUAL generated
 * columns: SQLite computes them from the verse ids, so no writer can get them wrong and every row
 * stored before them has them; the index stores them, so reading through it splits no id.
 * `user_id` is the parent's owner, copied: the writers give it (src/annotations/references.ts),
 * and a trigger (migrations/0006) fills it for a row inserted without it.
 */
function referenceColumns() {
  return {
    ord: integer('ord').notNull(),
    start: text('start_verse').notNull(),
    end: text('end_verse').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    userId: integer('user_id'),
    book: text('book').generatedAlwaysAs(sql.raw(verseBook('start_verse')), { mode: 'virtual' }),
    startPosition: integer('start_position').generatedAlwaysAs(
      sql.raw(versePosition('start_verse')),
      { mode: 'virtual' },
    ),
    endPosition: integer('end_position').generatedAlwaysAs(sql.raw(versePosition('end_verse')), {
      mode: 'virtual',
    }),
    spanVersion: text('span_version').generatedAlwaysAs(sql.raw(spanVersion()), {
      mode: 'virtual',
    }),
  };
}

export const taggingReferences = sqliteTable(
  'tagging_references',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    taggingId: integer('tagging_id')
      .notNull()
      .references(() => taggings.id, { onDelete: 'cascade' }),
    ...referenceColumns(),
  },
  (t) => [
    index('tagging_references_parent_idx').on(t.taggingId, t.ord),
    index('tagging_references_reader_idx').on(
      t.userId,
      t.book,
      t.startPosition,
      t.endPosition,
      t.spanVersion,
      t.taggingId,
      t.ord,
    ),
  ],
);

export const noteReferences = sqliteTable(
  'note_references',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    ...referenceColumns(),
    /**
     * 1 while the parent note is readable by others (public, and not held or removed by
     * moderation: src/annotations/public/publishing.ts `readableByOthers`), else 0. Kept by triggers
     * (migrations/0007) on every insert here and every change of the note's `public` or
     * `moderation`, so that no writer can forget it. Others' public notes are read through a
     * partial index of these rows alone: a chapter's private references, however many, are never
     * read for its public notes (docs/public-notes.md "Limits").
     */
    readable: integer('readable').notNull().default(0),
  },
  (t) => [
    index('note_references_parent_idx').on(t.noteId, t.ord),
    index('note_references_reader_idx').on(
      t.userId,
      t.book,
      t.startPosition,
      t.endPosition,
      t.spanVersion,
      t.noteId,
      t.ord,
    ),
    index('note_references_readable_idx')
      .on(t.book, t.startPosition, t.endPosition)
      .where(sql`readable = 1`),
  ],
);

/**
 * A table that can hold no row: its CHECK constraint is always false. The per-account quota
 * guard (src/annotations/personal/quotas.ts) ends every write batch that can grow an account with an
 * INSERT into it that selects a row only when the account is over a quota; the constraint then
 * fails, and D1 rolls the whole batch back (a batch is one transaction). So a quota holds by
 * construction, also for requests that run at the same moment.
 */
export const accountQuotaExceeded = sqliteTable(
  'account_quota_exceeded',
  {
    quota: text('quota').notNull(),
  },
  () => [check('account_quota_exceeded', sql`0`)],
);

/**
 * Publishable read keys (docs/tagger.md): a key another site puts in its pages to read scripture
 * from them, accepted only with an `Origin` its row lists and never for personal content. Only
 * the key's SHA-256 is stored (the key is printed once by `npm run user -- key create`); `keyId`
 * is the short public part of the key, by which its owner lists and revokes it. `origins` is a
 * space-separated list of normalized origins (`scheme://host[:port]`, src/auth/new-read-key.ts normalizeOrigin).
 * A revoked key keeps its row (its `revokedAt` set), so listing shows what was revoked and when.
 * A key is read by its hash from any request, whoever owns it, so the keys live with the directory
 * in the first database (`DB`), beside `accounts`, not with their owner's account.
 */
export const readKeys = sqliteTable(
  'read_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The owner, by the directory's account id: the keys live in the directory (docs/scale.md). */
    userId: integer('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    keyId: text('key_id').notNull().unique(),
    keyHash: text('key_hash').notNull().unique(),
    origins: text('origins').notNull(),
    createdAt: integer('created_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [index('read_keys_user_idx').on(t.userId)],
);

/**
 * The changes feed (docs/sync.md): one row per note, tagging and tag an account has or had, at
 * the sequence number of its last change. Written only by the triggers of migrations/0009 (on
 * insert, update and delete of notes and taggings), never by a writer. A deleted item keeps its
 * row as a tombstone (`deleted` 1) until the retention rule prunes it (src/annotations/sync/
 * changes.ts). A tag's row is the caller's use of that name: it changes with any of the caller's
 * taggings of it, and is a tombstone once none is left. `at`: when, by D1's clock.
 */
export const changes = sqliteTable(
  'changes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    seq: integer('seq').notNull(),
    deleted: integer('deleted').notNull().default(0),
    at: integer('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.itemId] }),
    // The feed reads an account's changes in sequence order from a cursor; a number is one
    // change's alone (each trigger step takes a new one), so a page never ends inside a tie.
    uniqueIndex('changes_user_seq_idx').on(t.userId, t.seq),
    // The retention rule reads an account's oldest and newest tombstones.
    index('changes_tombstones_idx')
      .on(t.userId, t.seq)
      .where(sql`deleted = 1`),
  ],
);

/**
 * Idempotency keys (docs/sync.md "Idempotency-Key"): one row per key an account used, for 24
 * hours. `running` while the first request holds it (`attempt` names that request), then `done`
 * with what its answer is rendered from, written in the same D1 batch as the write's effect.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is a 422. */
    fingerprint: text('fingerprint').notNull(),
    attempt: text('attempt').notNull(),
    state: text('state').notNull(),
    startedAt: integer('started_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    /** The account's changeSeq when the write's batch began (the import counts from it). */
    startSeq: integer('start_seq'),
    status: integer('status'),
    /** What the answer shows: `note`, `tagging`, `import`, `report`, `empty` or `error`. */
    kind: text('kind'),
    /** JSON the answer is rendered from (the rows as the write left them, or the error's messages). */
    result: text('result'),
    bytes: integer('bytes').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_expiry_idx').on(t.userId, t.expiresAt),
  ],
);

/**
 * Like account_quota_exceeded, a table that can hold no row: a write batch that must not run (a
 * stale If-Match, an idempotency key another request took over) begins with an INSERT into it
 * that selects a row only then; the constraint fails and D1 rolls the whole batch back
 * (src/annotations/sync/guards.ts).
 */
export const writePreconditionFailed = sqliteTable(
  'write_precondition_failed',
  {
    reason: text('reason').notNull(),
  },
  () => [check('write_precondition_failed', sql`0`)],
);

// ------------------------------------------------------------------------------- the directory

/*
 * The directory (docs/scale.md "The directory"): which database holds each account, the names
 * and ids every database shares, and the id blocks. Its tables are in every database's schema
 * (one set of migrations for all), but only the first database's (binding `DB`) are used; the
 * others stay empty.
 */

/**
 * Every account, whichever database holds it: its id (the one id it has everywhere), its e-mail
 * address (unique across all databases: this index decides), the database that holds its data
 * (`shard`, a binding name: `DB`, `DB_1`, …) and how many times it was moved (`placement`, which
 * names a bookmark's database: src/db/session.ts).
 */
export const accounts = sqliteTable(
  'accounts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull().unique(),
    shard: text('shard').notNull(),
    placement: integer('placement').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('accounts_shard_idx').on(t.shard)],
);

/**
 * Which account an API token's hash belongs to: what a request's token is routed by when the
 * isolate has not seen it lately (src/auth/accounts.ts). The account's own database stays the
 * authority (its `users.token_hash`): a row here only says where to ask, so a rotation adds the
 * new hash here before it changes the account and removes the old one after, and a row left by
 * a rotation that failed half-way names a token its database no longer accepts.
 */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [index('account_tokens_account_idx').on(t.accountId)],
);

/**
 * The blocks of ids (ID_BLOCK_SIZE each, src/db/shards.ts) each database allocates its notes,
 * taggings, references, reports and log entries from, so that an id names one row in all of them
 * and a moved account's rows keep their ids. Block 0 is the first database's.
 */
export const idBlocks = sqliteTable('id_blocks', {
  block: integer('block').primaryKey(),
  shard: text('shard').notNull(),
  claimedAt: integer('claimed_at').notNull(),
});

/**
 * Tag names and their ids, one id per name in every database (docs/annotations.md "Tags"): a
 * database's `tags` holds the names its accounts use, with these ids. A name goes from here when
 * no account of any database uses it (`tag_accounts`).
 */
export const tagNames = sqliteTable('tag_names', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: integer('created_at').notNull(),
});

/**
 * How many accounts of each database use a tag: the site-wide list and who sees a tag count the
 * accounts of every database (docs/annotations.md "Who sees a tag"), from this sum. Written after
 * each write that changes which accounts use a tag (src/annotations/personal/tag-names.ts).
 */
export const tagAccounts = sqliteTable(
  'tag_accounts',
  {
    tagId: integer('tag_id')
      .notNull()
      .references(() => tagNames.id, { onDelete: 'cascade' }),
    shard: text('shard').notNull(),
    accounts: integer('accounts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.shard] })],
);

/**
 * The tags whose accounts in this database may have changed since the directory's `tag_accounts`
 * last heard of them: written by triggers (migrations/0010) when an account starts or stops using
 * a tag, inside the writing statement, and read and cleared after the write by
 * src/annotations/personal/tag-names.ts `flushTagUse`, which counts them again and tells the directory. A
 * flush that fails leaves them here for the next one. `version` moves on each mark, so that a
 * flush clears only the marks it counted.
 */
export const tagUseChanges = sqliteTable('tag_use_changes', {
  tagId: integer('tag_id').primaryKey(),
  version: integer('version').notNull().default(1),
});

/**
 * Which database this is: the binding name it was set up as and its current id block (src/db/
 * shards.ts `prepareShard`). A worker refuses a database whose row names another binding, or has
 * none (docs/scale.md "Adding a database").
 */
export const shardIdentity = sqliteTable('shard_identity', {
  name: text('name').primaryKey(),
  block: integer('block').notNull(),
  preparedAt: integer('prepared_at').notNull(),
});
