import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { parseJsonRows } from '../../db/json-rows';
import { changes, tags, users } from '../../db/schema';
import { MAX_TOMBSTONES, TOMBSTONE_DAYS } from './retention';
import { ITEM_BYTES, REFERENCE_BYTES } from '../../render/size';
import { ApiError, badRequest } from '../../http/errors';
import { notesWhere, notesWithReferences, type NoteWithReferences } from '../personal/notes';
import type { TagRow } from '../rows';
import {
  taggingsWhere,
  taggingsWithReferences,
  type TaggingWithReferences,
} from '../personal/taggings';
import { withThousands } from '../../render/thousands';

/**
 * The changes feed (docs/sync.md "The changes feed"): an account's notes, taggings and tags
 * created, edited or deleted since a cursor, in the order they were committed. Each item has one
 * change row at the sequence number of its last change (src/db/schema.ts `changes`, kept by the
 * triggers of migrations/0009), so a page lists each item once, as it is now; an item that changes
 * again after a page moves past the cursor and comes again later (a client applies the feed
 * idempotently, by id and revision). A deleted item is a tombstone, kept for the retention window.
 */

export type ChangeKind = 'note' | 'tagging' | 'tag';

/** One change of the feed: the item's kind, id and revision, and the item itself unless deleted. */
export interface Change {
  kind: ChangeKind;
  id: number;
  revision: number;
  deleted: boolean;
  at: number;
  note?: NoteWithReferences;
  tagging?: TaggingWithReferences;
  tag?: TagRow & { revision: number };
}

export interface ChangesPage {
  changes: Change[];
  /** The cursor after this page: `since` for the next request. */
  cursor: string;
  /** Whether changes after `cursor` remain now. */
  more: boolean;
}

// ----------------------------------------------------------------------------------- cursors

/**
 * A cursor: the account and the sequence number a page ends at, base64url. Opaque to clients (the
 * form may change); the account is in it so that another account's cursor is refused, not read.
 */
export function encodeCursor(userId: number, seq: number): string {
  return btoa(`${userId}.${seq}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,64}$/;

/** The sequence number of a cursor this account was given; anything else is a 400. */
export function decodeCursor(cursor: string, userId: number): number {
  const refuse = () =>
    badRequest(
      'since must be a cursor a changes page gave this account (its `cursor`), unchanged; omit it to start from the beginning',
    );
  if (!CURSOR_TEXT.test(cursor)) throw refuse();
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw refuse();
  }
  const parts = /^(\d{1,15})\.(\d{1,15})$/.exec(text);
  if (!parts || Number(parts[1]) !== userId) throw refuse();
  return Number(parts[2]);
}

// ------------------------------------------------------------------------------------- reading

/**
 * What a change weighs before any is read, in SQL, a lower bound of what its item takes rendered:
 * its text's bytes and REFERENCE_BYTES a reference, beside ITEM_BYTES of markup (the rendered
 * estimate, src/annotations/documents.ts `changeBytes`, adds what escapes can grow to). The feed
 * reads the items of the changes this puts within the budget only: a page of 200 notes of 10,000
 * characters and 50 references each would otherwise read 2 MB and 10,000 references to show 25.
 */
const changeSize = sql.raw(`CASE
  WHEN c.deleted = 1 THEN ${ITEM_BYTES}
  WHEN c.kind = 'note' THEN ${ITEM_BYTES}
    + coalesce((SELECT length(CAST(n.title AS BLOB)) + length(CAST(n.content AS BLOB)) FROM notes n WHERE n.id = c.item_id), 0)
    + ${REFERENCE_BYTES} * (SELECT count(*) FROM note_references r WHERE r.note_id = c.item_id)
  WHEN c.kind = 'tagging' THEN ${ITEM_BYTES}
    + ${REFERENCE_BYTES} * (SELECT count(*) FROM tagging_references r WHERE r.tagging_id = c.item_id)
  ELSE ${ITEM_BYTES} END`);

/**
 * A page's change rows, at most `limit` + 1 (is there more?), in sequence order, each with what the
 * changes before it weigh (`before`). Tombstones too on a first sync: a client may hold items
 * before it (its own writes, made before it ever pulled), and one deleted since must reach it (the
 * fault test's devices met exactly this).
 */
function pageRows(userId: number, since: number, limit: number): SQL {
  return sql`(SELECT seq, kind, item_id, deleted, at, sum(size) OVER (ORDER BY seq) - size AS before FROM (
    SELECT c.seq, c.kind, c.item_id, c.deleted, c.at, ${changeSize} AS size FROM ${changes} c
    WHERE c.user_id = ${userId} AND c.seq > ${since} ORDER BY c.seq LIMIT ${limit + 1}))`;
}

/** The ids of the page's live items of one kind within the budget, as an SQL subquery. */
function pageItems(page: SQL, kind: ChangeKind, budget: number): SQL {
  return sql`(SELECT item_id FROM ${page} WHERE kind = ${kind} AND deleted = 0 AND before <= ${budget})`;
}

export interface ChangesQuery {
  /** The cursor's sequence number; null: from the start. */
  since: number | null;
  limit: number;
  /** An upper bound of a change's rendered bytes, for cutting the page (src/http/paging.ts). */
  bytes: (change: Change) => number;
  /** What a page's changes may weigh in all. */
  budget: number;
}

/**
 * One page of the caller's changes after `since`, with the items as they are now, read in one D1
 * batch (one transaction): the changes and the items agree. A cursor older than the deletions kept
 * is a 410: the client must sync again from the start.
 */
export async function readChanges(
  db: Database,
  userId: number,
  query: ChangesQuery,
): Promise<ChangesPage> {
  const since = query.since ?? 0;
  const page = pageRows(userId, since, query.limit);
  const [rows, noteRows, noteRefs, taggingRows, taggingRefs, tagRows, [account]] = await db.batch([
    // A query builder, as every statement of a D1 batch through Drizzle must be.
    db
      .select({
        kind: sql<string>`kind`,
        id: sql<number>`item_id`,
        seq: sql<number>`seq`,
        deleted: sql<number>`deleted`,
        at: sql<number>`at`,
        before: sql<number>`before`,
      })
      .from(sql`${page} AS page`)
      .orderBy(sql`seq`),
    ...notesWhere(db, userId, sql`"notes"."id" IN ${pageItems(page, 'note', query.budget)}`),
    ...taggingsWhere(
      db,
      userId,
      sql`"taggings"."id" IN ${pageItems(page, 'tagging', query.budget)}`,
    ),
    db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(inArray(tags.id, pageItems(page, 'tag', query.budget))),
    db
      .select({ seq: users.changeSeq, floor: users.changesFloor })
      .from(users)
      .where(eq(users.id, userId)),
  ]);
  if (query.since !== null && query.since < (account?.floor ?? 0))
    throw new ApiError(410, [
      `This cursor is older than the deletions kept (${TOMBSTONE_DAYS} days, at most ${withThousands(MAX_TOMBSTONES)}): sync again from the start (GET /user/changes without since) and replace what you hold with what it gives`,
    ]);
  const notesById = new Map(
    notesWithReferences(parseJsonRows(noteRows), parseJsonRows(noteRefs)).map((n) => [
      n.note.id,
      n,
    ]),
  );
  const taggingsById = new Map(
    taggingsWithReferences(parseJsonRows(taggingRows), parseJsonRows(taggingRefs)).map((t) => [
      t.tagging.id,
      t,
    ]),
  );
  const tagsById = new Map(tagRows.map((t) => [t.id, t]));
  // The changes whose items were read (the weight before them within the budget); the rows past
  // them say there is more.
  const all: Change[] = rows
    .filter((r) => r.before <= query.budget)
    .map((r) => {
      const change: Change = {
        kind: r.kind as ChangeKind,
        id: r.id,
        revision: r.seq,
        deleted: r.deleted === 1,
        at: r.at,
      };
      if (!change.deleted) {
        if (r.kind === 'note') change.note = notesById.get(r.id);
        else if (r.kind === 'tagging') change.tagging = taggingsById.get(r.id);
        else {
          const tag = tagsById.get(r.id);
          if (tag) change.tag = { ...tag, revision: r.seq };
        }
      }
      return change;
    });
  // The page: at most `limit` changes, and no more than fit the byte budget as rendered (at least
  // one).
  let kept = Math.min(all.length, query.limit);
  let used = 0;
  for (let i = 0; i < kept; i++) {
    used += query.bytes(all[i]);
    if (i > 0 && used > query.budget) kept = i;
  }
  const shown = all.slice(0, kept);
  const more = kept < rows.length;
  // The whole feed read: the cursor is the account's last number, so that the next request starts
  // after every change made so far.
  const end = more ? shown[shown.length - 1].revision : Math.max(since, account?.seq ?? 0);
  return { changes: shown, cursor: encodeCursor(userId, end), more };
}
