/**
 * The contract's words for public notes' moderation (docs/public-notes.md "States", "Roles"), once:
 * the schemas (./schemas.ts) describe them and src/annotations/ stores them.
 */

/** `notes.moderation` and the `moderated` element; null (empty) is none. */
export const MODERATION_STATES = ['pending', 'reported', 'approved', 'hidden', 'removed'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/** A moderator's actions and the state each leaves (restore: none). */
export const MODERATION_ACTIONS = {
  approve: 'approved',
  hide: 'hidden',
  remove: 'removed',
  restore: null,
} as const satisfies Record<string, ModerationState | null>;
export type ModerationAction = keyof typeof MODERATION_ACTIONS;

/** An account's role: every account reads and writes its own; a moderator also moderates. */
export const ROLES = ['reader', 'moderator'] as const;
