import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ModerationState } from '../../api/moderation';
import { notes, users } from '../../db/schema';

/**
 * What publishing does to a note's moderation state (docs/public-notes.md "States"), once, as SQL
 * that runs inside the note's own write, so that no request can see or leave a state between
 * two statements.
 */

/** A note others may read: published, and either never moderated or approved. */
export const readableByOthers: SQL = and(
  eq(notes.public, 1),
  or(isNull(notes.moderation), eq(notes.moderation, 'approved')),
)!;

/** The states a moderator's queue lists: waiting for a decision. */
export const AWAITING_REVIEW: ModerationState[] = ['pending', 'reported'];
export const awaitingReview: SQL = inArray(notes.moderation, AWAITING_REVIEW);

const DAY_MS = 86_400_000;

/**
 * The review switch (docs/public-notes.md "Holding new accounts' notes"): `PUBLIC_NOTE_REVIEW_DAYS`
 * in wrangler.toml's [vars]. 0 (or unset, or not a whole number): off. N: an account younger than
 * N days publishes into the moderators' queue (`pending`) instead of beside the text.
 */
export function reviewDays(value: string | undefined): number {
  const days = Number(value ?? '0');
  return Number.isInteger(days) && days > 0 ? days : 0;
}

/** Whether the author's account is new enough to be held: SQL over `users`, false when the switch is off. */
function authorHeld(userId: number, days: number, now: number): SQL {
  if (!days) return sql`0`;
  return sql`(SELECT ${users.createdAt} > ${now - days * DAY_MS} FROM ${users} WHERE ${users.id} = ${userId})`;
}

/** The state a note is created in: none, or `pending` when it is published by a held account. */
export function stateOnCreate(
  published: boolean,
  userId: number,
  days: number,
  now: number,
): SQL | null {
  if (!published) return null;
  return sql`CASE WHEN ${authorHeld(userId, days, now)} THEN 'pending' END`;
}

export interface PublishingChange {
  /** `public` as sent (undefined: not sent). */
  public?: number;
  title?: string;
  content?: string;
}

/**
 * The SET of an update, as far as publishing goes: `published_at` moves when the note goes from
 * private to public; `moderation` follows docs/public-notes.md "States":
 * - `removed` stays whatever the author does, until a moderator restores the note;
 * - `hidden` goes back to `pending` (the queue) when the author publishes it again or edits it;
 * - `approved` is undone by an edit of title or content (what was approved is no longer there):
 *   none, or `pending` for a held account;
 * - none becomes `pending` when a held account publishes;
 * - `pending` and `reported` stay until a moderator decides.
 */
export function publishingSet(
  change: PublishingChange,
  userId: number,
  days: number,
  now: number,
): { publishedAt?: SQL; moderation?: SQL } {
  const publishing = change.public === 1 ? sql`${notes.public} = 0` : sql`0`;
  const republished = change.public === 1 ? sql`1` : sql`0`;
  const edits = [
    ...(change.title !== undefined ? [sql`${notes.title} IS NOT ${change.title}`] : []),
    ...(change.content !== undefined ? [sql`${notes.content} IS NOT ${change.content}`] : []),
  ];
  const edited = edits.length ? sql`(${sql.join(edits, sql` OR `)})` : sql`0`;
  if (change.public === undefined && !edits.length) return {};
  const held = authorHeld(userId, days, now);
  return {
    publishedAt: sql`CASE WHEN ${publishing} THEN ${now} ELSE ${notes.publishedAt} END`,
    moderation: sql`CASE
      WHEN ${notes.moderation} = 'removed' THEN 'removed'
      WHEN ${notes.moderation} = 'hidden' AND (${republished} OR ${edited}) THEN 'pending'
      WHEN ${notes.moderation} = 'approved' AND ${edited} THEN (CASE WHEN ${held} THEN 'pending' END)
      WHEN ${notes.moderation} IS NULL AND ${publishing} AND ${held} THEN 'pending'
      ELSE ${notes.moderation} END`,
  };
}
