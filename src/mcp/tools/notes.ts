import * as s from '../schema';
import {
  checkedText,
  checkReferences,
  LIMITS,
  type Problems,
} from '../../annotations/personal/input';
import {
  createNote,
  listNotes,
  notesWithReferences,
  type NoteWithReferences,
} from '../../annotations/personal/notes';
import type { ReferenceRow } from '../../annotations/references';
import type { NoteRow, TaggingRow } from '../../annotations/rows';
import { resolveTag, tagNamed } from '../../annotations/personal/tag-choice';
import {
  createTagging,
  taggingsWithReferences,
  type TaggingWithReferences,
} from '../../annotations/personal/taggings';
import { idempotencyKey, withIdempotencyKey } from '../idempotency';
import { loadCatalogue } from '../../catalogue/store';
import { unprocessable } from '../../http/errors';
import type { ToolContext } from '../context';
import { DEFAULT_VERSION, page, references, version } from '../fields';
import { referenceRanges } from '../references';
import { cut } from '../text';
import { tool } from '../tool';

/**
 * The caller's own notes and tags, through the data functions the REST routes use
 * (src/annotations/): the same validation, the same quotas in the same D1 batch (over one,
 * nothing is written), and every write counted against the caller's write limit as
 * POST /notes and POST /user/taggings are.
 */

/** Notes list_my_notes gives a page, and the characters of each note's content it quotes. */
export const NOTES_PAGE = 20;
const NOTE_CONTENT_CHARS = 1_000;

/** `KJV:John.3.16-KJV:John.3.18` as `KJV:John.3.16–John.3.18`; one verse as its id. */
function rangeText(r: { start: string; end: string }): string {
  if (r.start === r.end) return r.start;
  return `${r.start}–${r.end.slice(r.end.indexOf(':') + 1)}`;
}

/**
 * The references as the annotations store them, checked by the REST routes' own validation
 * (src/annotations/personal/input.ts), and every problem of the call in one 422.
 */
async function validReferences(
  ctx: ToolContext,
  refs: string[],
  versionId: string | undefined,
  problems: Problems,
) {
  const ranges = await referenceRanges(ctx.snapshot, refs, versionId, problems);
  // A reference that names no verse is a problem already; the others are checked as a body's.
  const checked = ranges.length
    ? checkReferences(await loadCatalogue(ctx.snapshot), ranges, problems)
    : [];
  if (problems.length) throw unprocessable(problems);
  return checked;
}

export const listMyNotes = tool({
  name: 'list_my_notes',
  title: 'List my notes',
  description: `The caller's own notes (those of the API token's account), oldest first, ${NOTES_PAGE} a page: each with its id, title, the verses it is on and its content (long content cut).`,
  input: { page },
  readOnly: true,
  async run(args, ctx) {
    const number = args.page ?? 1;
    const list = await listNotes(ctx.db, ctx.userId, {
      offset: (number - 1) * NOTES_PAGE,
      limit: NOTES_PAGE,
    });
    if (!list.total) return 'You have no notes yet.';
    const pages = Math.ceil(list.total / NOTES_PAGE);
    const lines = [
      `You have ${list.total} ${list.total === 1 ? 'note' : 'notes'}; page ${number} of ${pages}${list.items.length ? '' : ' (past the last page)'}:`,
    ];
    for (const { note, references: refs } of list.items) {
      lines.push(
        '',
        `Note ${note.id}: ${note.title}`,
        `On: ${refs.map(rangeText).join(', ')}`,
        `Updated: ${new Date(note.updatedAt).toISOString()}`,
      );
      if (note.content) lines.push(cut(note.content, NOTE_CONTENT_CHARS));
    }
    const shown = (number - 1) * NOTES_PAGE + list.items.length;
    if (shown < list.total) lines.push('', `(more: page ${number + 1})`);
    return lines.join('\n');
  },
});

export const addNote = tool({
  name: 'add_note',
  title: 'Add a note',
  description: `Adds a note to the caller's own notes, on one or more verses, as POST /notes does: a title (at most ${LIMITS.title} characters), content (at most ${LIMITS.content}) and the references it is on. Counts against the caller's write limit and account quotas (over a quota, nothing is written).`,
  input: {
    title: s.string().max(LIMITS.title).describe('Title of the note'),
    content: s.string().max(LIMITS.content).optional().describe('Text of the note'),
    references,
    version: version.describe(
      `Version the references are read in (default ${DEFAULT_VERSION}); the note is stored on that version's verses`,
    ),
    idempotency_key: idempotencyKey,
  },
  readOnly: false,
  async run(args, ctx) {
    await ctx.countAgainst('write');
    return withIdempotencyKey(
      ctx,
      'add_note',
      args,
      async (conditions) => {
        const problems: Problems = [];
        const title = checkedText(args.title, 'title', problems, {
          max: LIMITS.title,
          required: true,
          name: true,
        });
        const content = checkedText(args.content ?? '', 'content', problems, {
          max: LIMITS.content,
        });
        const refs = await validReferences(ctx, args.references, args.version, problems);
        const created = await createNote(
          ctx.db,
          ctx.userId,
          { title: title!, content: content ?? '', references: refs },
          Date.now(),
          undefined,
          conditions,
        );
        return savedNoteText(created);
      },
      (kept) => {
        const { rows, refs } = JSON.parse(kept.result!) as {
          rows: NoteRow[];
          refs: ReferenceRow[];
        };
        return savedNoteText(notesWithReferences(rows, refs)[0]);
      },
    );
  },
});

function savedNoteText(created: NoteWithReferences): string {
  return [
    `Saved note ${created.note.id}: ${created.note.title}`,
    `On: ${created.references.map(rangeText).join(', ')}`,
    `(GET /notes/${created.note.id}.xml in the REST API)`,
  ].join('\n');
}

export const tagVerses = tool({
  name: 'tag_verses',
  title: 'Tag verses',
  description: `Tags verses with a tag name for the caller, as POST /user/taggings does: creates one tagging of the tag (a new name creates the tag) on the references given. A tagging identical to one the caller has (same tag, same verses) is not stored twice. Counts against the caller's write limit and account quotas.`,
  input: {
    tag: s.string().max(LIMITS.tagName).describe('Tag name, e.g. "grace" or "promises"'),
    references,
    version: version.describe(`Version the references are read in (default ${DEFAULT_VERSION})`),
    idempotency_key: idempotencyKey,
  },
  readOnly: false,
  async run(args, ctx) {
    await ctx.countAgainst('write');
    return withIdempotencyKey(
      ctx,
      'tag_verses',
      args,
      async (conditions) => {
        const problems: Problems = [];
        const tag = tagNamed(args.tag, problems);
        const refs = await validReferences(ctx, args.references, args.version, problems);
        const now = Date.now();
        const created = await createTagging(
          ctx.db,
          ctx.userId,
          { tag: await resolveTag(ctx.db, ctx.directory, tag!, now), references: refs },
          now,
          conditions,
        );
        return taggedText(created, created.created);
      },
      (kept) => {
        const { rows, refs } = JSON.parse(kept.result!) as {
          rows: TaggingRow[];
          refs: ReferenceRow[];
        };
        return taggedText(taggingsWithReferences(rows, refs)[0], kept.status === 201);
      },
    );
  },
});

function taggedText(t: TaggingWithReferences, created: boolean): string {
  const on = t.references.map(rangeText).join(', ');
  return created
    ? `Tagged ${on} with "${t.tagging.tagName}" (tagging ${t.tagging.id}).`
    : `You already had this tagging: ${on} tagged "${t.tagging.tagName}" (tagging ${t.tagging.id}); nothing new was stored.`;
}
