import { Hono, type Context } from 'hono';
import { PAGE_BYTES, TEXT_LIST_PAGE } from '../http/paging';
import { noteBytes, noteDoc } from '../annotations/documents';
import {
  hasReferences,
  LIMITS,
  referencesField,
  textField,
  unwrap,
  type Problems,
} from '../annotations/personal/input';
import {
  createNote,
  deleteNote,
  getNote,
  listNotes,
  updateNote,
  type NoteChanges,
  type NoteWithReferences,
} from '../annotations/personal/notes';
import type { AppEnv } from '../env';
import { readBody, type BodyObject } from '../http/body';
import { notFound, unprocessable } from '../http/errors';
import { enforceRateLimit } from '../http/rate-limits';
import { reviewDays } from '../annotations/public/publishing';
import { emptyResponse, respond } from './respond';
import { etagOf } from '../http/conditions';
import { writeConditions } from '../middleware/idempotency';
import { db, lazyCatalogue, listDoc, listPage, location, pathId, unlessStale } from './personal';

/**
 * Notes (docs/contract.md "Account, tags, taggings and notes"): mounted at /notes, and /user/notes for the list and for
 * create (docs/contract.md: the official client posted to /user/notes.xml).
 */
export const notes = new Hono<AppEnv>();
export const userNotes = new Hono<AppEnv>();

/** `public` of a body: undefined when not sent, 0 or 1, else a problem. */
function publicField(note: BodyObject, problems: Problems): number | undefined {
  const flag = textField(note, 'public', problems, { max: 10 });
  if (flag === undefined) return undefined;
  if (flag === '0' || flag === '1') return Number(flag);
  problems.push('public must be 0 or 1');
  return undefined;
}

/**
 * The publishing rules of this deployment (docs/public-notes.md "Holding new accounts' notes"),
 * and, for a write that publishes, one count against the publishing limit (docs/configuration.md "Rate limits").
 */
async function publishing(c: Context<AppEnv>, flag: number | undefined) {
  if (flag === 1) await enforceRateLimit(c, 'publish');
  return { reviewDays: reviewDays(c.env.PUBLIC_NOTE_REVIEW_DAYS) };
}

/**
 * A note as a write or a read answers it: the document with the note's `ETag` (its revision,
 * docs/sync.md), and for a create its `Location`.
 */
export function noteAnswer(
  c: Context<AppEnv>,
  n: NoteWithReferences,
  status: 200 | 201 | 412 = 200,
): Response | Promise<Response> {
  const headers: Record<string, string> = { ETag: etagOf(n.note.revision) };
  if (status === 201) headers.Location = location(c, `/notes/${n.note.id}`);
  return respond(c, 'notes', { note: [noteDoc(n.note, n.references)] }, status, headers);
}

/** The 412 of a write whose If-Match names a revision the note no longer has: the note now. */
const staleNote = (c: Context<AppEnv>) => (current: NoteWithReferences) =>
  noteAnswer(c, current, 412);

/** POST /notes.xml and POST /user/notes.xml: 201, the note, `Location: /notes/{id}.{suffix}`. */
async function create(c: Context<AppEnv>) {
  const note = unwrap(await readBody(c), 'note', 'notes');
  const problems: Problems = [];
  const title = textField(note, 'title', problems, {
    max: LIMITS.title,
    required: true,
    name: true,
  });
  const content = textField(note, 'content', problems, { max: LIMITS.content });
  const flag = publicField(note, problems);
  // A note annotates verses: create needs at least one reference (docs/annotations.md).
  if (!hasReferences(note)) problems.push('references is required');
  const references = hasReferences(note)
    ? await referencesField(note, problems, lazyCatalogue(c))
    : [];
  if (problems.length) throw unprocessable(problems);
  // `public` is 0 on a new note unless the body publishes it (docs/public-notes.md "Publishing").
  const created = await createNote(
    db(c),
    c.get('user').id,
    { title: title!, content: content ?? '', public: flag, references },
    Date.now(),
    await publishing(c, flag),
    writeConditions(c),
  );
  return noteAnswer(c, created, 201);
}

notes.post('/', create);
userNotes.post('/', create);

/** GET /user/notes.xml: the caller's notes, each with references, a page at a time. */
userNotes.get('/', async (c) => {
  const page = listPage(c, TEXT_LIST_PAGE);
  const list = await listNotes(db(c), c.get('user').id, page, undefined, PAGE_BYTES);
  return respond(
    c,
    'notes',
    listDoc('note', page, list, (n) => noteDoc(n.note, n.references), noteBytes),
  );
});

notes.get('/:note_id', async (c) => {
  const found = await getNote(db(c), c.get('user').id, pathId(c, 'note_id', 'note'));
  if (!found) throw notFound('No such note');
  return noteAnswer(c, found);
});

/**
 * PUT /notes/{id}.xml: the fields sent replace those on file; references replaced if sent. With
 * If-Match, only while the note has that revision (else 412 with the note as it is).
 */
notes.put('/:note_id', async (c) => {
  const id = pathId(c, 'note_id', 'note');
  const conditions = writeConditions(c);
  const note = unwrap(await readBody(c), 'note', 'notes');
  const problems: Problems = [];
  const changes: NoteChanges = {
    title: textField(note, 'title', problems, {
      max: LIMITS.title,
      required: note.title !== undefined,
      name: true,
    }),
    content: textField(note, 'content', problems, { max: LIMITS.content }),
  };
  changes.public = publicField(note, problems);
  if (hasReferences(note))
    changes.references = await referencesField(note, problems, lazyCatalogue(c));
  if (problems.length) throw unprocessable(problems);
  const updated = await unlessStale(
    updateNote(
      db(c),
      c.get('user').id,
      id,
      changes,
      Date.now(),
      await publishing(c, changes.public),
      conditions,
    ),
    staleNote(c),
  );
  if (!updated) throw notFound('No such note');
  return noteAnswer(c, updated);
});

/** DELETE /notes/{id}.xml: 200, empty. With If-Match, only while the note has that revision. */
notes.delete('/:note_id', async (c) => {
  const id = pathId(c, 'note_id', 'note');
  const conditions = writeConditions(c);
  if (!(await unlessStale(deleteNote(db(c), c.get('user').id, id, conditions), staleNote(c))))
    throw notFound('No such note');
  return emptyResponse();
});
