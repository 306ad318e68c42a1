import { Hono, type Context } from 'hono';
import { TEXT_LIST_PAGE } from '../http/paging';
import { noteBytes, noteDoc } from '../annotations/documents';
import {
  hasReferences,
  LIMITS,
  referencesField,
  textField,
  unwrap,
  type Problems,
} from '../annotations/input';
import {
  createNote,
  deleteNote,
  getNote,
  listNotes,
  updateNote,
  type NoteChanges,
} from '../annotations/notes';
import type { AppEnv } from '../env';
import { readBody } from '../http/body';
import { notFound, unprocessable } from '../http/errors';
import { emptyResponse, respond } from './respond';
import { db, lazyCatalogue, listDoc, listPage, location, pathId } from './personal';

/**
 * Notes (spec "Notes (owner only)"): mounted at /notes, and /user/notes for the list and for
 * create (original-service.md: the official client posted to /user/notes.xml).
 */
export const notes = new Hono<AppEnv>();
export const userNotes = new Hono<AppEnv>();

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
  // A note annotates verses: create needs at least one reference (docs/annotations.md).
  if (!hasReferences(note)) problems.push('references is required');
  const references = hasReferences(note)
    ? await referencesField(note, problems, lazyCatalogue(c))
    : [];
  if (problems.length) throw unprocessable(problems);
  // `public` is 0 on a newly created note whatever the body says (spec "Note").
  const created = await createNote(db(c), c.get('user').id, {
    title: title!,
    content: content ?? '',
    references,
  });
  return respond(c, 'notes', { note: [noteDoc(created.note, created.references)] }, 201, {
    Location: location(c, `/notes/${created.note.id}`),
  });
}

notes.post('/', create);
userNotes.post('/', create);

/** GET /user/notes.xml: the caller's notes, each with references, a page at a time. */
userNotes.get('/', async (c) => {
  const page = listPage(c, TEXT_LIST_PAGE);
  const list = await listNotes(db(c), c.get('user').id, page);
  return respond(
    c,
    'notes',
    listDoc('note', page, list, (n) => noteDoc(n.note, n.references), noteBytes),
  );
});

notes.get('/:note_id', async (c) => {
  const found = await getNote(db(c), c.get('user').id, pathId(c, 'note_id', 'note'));
  if (!found) throw notFound('No such note');
  return respond(c, 'notes', { note: [noteDoc(found.note, found.references)] });
});

/** PUT /notes/{id}.xml: the fields sent replace those on file; references replaced if sent. */
notes.put('/:note_id', async (c) => {
  const id = pathId(c, 'note_id', 'note');
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
  const flag = textField(note, 'public', problems, { max: 10 });
  if (flag !== undefined) {
    if (flag === '0' || flag === '1') changes.public = Number(flag);
    else problems.push('public must be 0 or 1');
  }
  if (hasReferences(note))
    changes.references = await referencesField(note, problems, lazyCatalogue(c));
  if (problems.length) throw unprocessable(problems);
  const updated = await updateNote(db(c), c.get('user').id, id, changes);
  if (!updated) throw notFound('No such note');
  return respond(c, 'notes', { note: [noteDoc(updated.note, updated.references)] });
});

notes.delete('/:note_id', async (c) => {
  if (!(await deleteNote(db(c), c.get('user').id, pathId(c, 'note_id', 'note'))))
    throw notFound('No such note');
  return emptyResponse();
});
