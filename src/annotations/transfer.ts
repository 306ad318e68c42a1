import { sql } from 'drizzle-orm';
import type { Catalogue } from '../catalogue/store';
import type { Database } from '../db/client';
import { notes, taggings, tags } from '../db/schema';
import type { BodyObject, BodyValue } from '../http/body';
import { ApiError, badRequest, echo, unprocessable } from '../http/errors';
import type { DocNode } from '../render/document';
import { formatTimestamp } from '../render/timestamp';
import { noteDoc, tagDoc, taggingDoc } from './documents';
import { hasReferences, LIMITS, referencesField, repeated, textField, type Problems, type ReferenceInput } from './input';
import { listNotes } from './notes';
import { insertReferencesOfNewParents } from './references';
import { tagField } from './tag-choice';
import { listTaggings, userTags } from './taggings';

/**
 * Export and import of one user's annotations (issue 11 §3; docs/annotations.md "Export and
 * import"). The export is one document, root `export`, holding the caller's tags, taggings and
 * notes in the shapes of /user/tags, /user/taggings and /user/notes; the import reads the same
 * document back (from any account, XML or JSON), validates every item as the create routes do,
 * and writes what is new in one D1 batch (one transaction).
 */

/** Version of the export document's shape; `format_version` in the document. */
export const EXPORT_FORMAT_VERSION = 1;

/**
 * Bounds of one import (docs/annotations.md "Limits"), beyond the body limit: at most this many
 * taggings and notes together, and this many references over all of them. They keep the write
 * batch at a few hundred statements (at most ~600, see writeImport) and every statement under
 * D1's 100 bound parameters. Beyond either bound: 413, nothing written.
 */
export const IMPORT_LIMITS = { items: 2_000, references: 10_000 } as const;

// -------------------------------------------------------------------------------------- export

/** The export document's root content (everything of the caller, nothing of anyone else). */
export async function exportDoc(db: Database, userId: number, now = Date.now()): Promise<DocNode> {
  const [tagRows, taggingList, noteList] = await Promise.all([userTags(db, userId), listTaggings(db, userId), listNotes(db, userId)]);
  return {
    format_version: EXPORT_FORMAT_VERSION,
    exported_at: formatTimestamp(now),
    tags: { tag: tagRows.map((t) => tagDoc(t)) },
    taggings: { tagging: taggingList.map((t) => taggingDoc(t.tagging, t.references)) },
    notes: { note: noteList.map((n) => noteDoc(n.note, n.references)) },
  };
}

// -------------------------------------------------------------------------------------- import

export interface ImportTagging {
  tagName: string;
  references: ReferenceInput[];
}

export interface ImportNote {
  title: string;
  content: string;
  references: ReferenceInput[];
}

export interface ImportItems {
  taggings: ImportTagging[];
  notes: ImportNote[];
}

function asObject(value: BodyValue | undefined): BodyObject | null {
  if (value === '') return {};
  return value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : null;
}

/** The items of a section (`taggings` → `tagging`*); absent is none, malformed a problem. */
function section(doc: BodyObject, plural: string, item: string, problems: Problems): BodyValue[] {
  if (doc[plural] === undefined) return [];
  const items = repeated(doc[plural], item);
  if (!items) problems.push(`${plural} must contain ${item} elements`);
  return items ?? [];
}

function referenceCount(item: BodyValue): number {
  const object = asObject(item);
  return object && hasReferences(object) ? (repeated(object.references, 'reference')?.length ?? 0) : 0;
}

/**
 * Validates an import document: `{export: {taggings: {tagging: […]}, notes: {note: […]}}}`; other
 * elements (tags, format_version, exported_at, ids, user ids, timestamps, `public`) are ignored.
 * Every tagging and note goes through the checks of its create route; all problems are collected
 * with the item's position (`tagging 3: …`, counting from 1) into one 422.
 */
export async function validateImport(database: Database, body: BodyObject, catalogue: () => Promise<Catalogue>): Promise<ImportItems> {
  const [rootName] = Object.keys(body);
  if (rootName !== 'export') throw badRequest(`Expected an <export> root element (or {"export":{…}} in JSON), got <${echo(rootName)}>`);
  const doc = asObject(body.export);
  if (!doc) throw badRequest('<export> must contain elements, not text');

  const problems: Problems = [];
  const taggingItems = section(doc, 'taggings', 'tagging', problems);
  const noteItems = section(doc, 'notes', 'note', problems);
  const itemCount = taggingItems.length + noteItems.length;
  if (itemCount > IMPORT_LIMITS.items) {
    throw new ApiError(413, [`The import holds ${itemCount} taggings and notes; at most ${IMPORT_LIMITS.items} are allowed per import`]);
  }
  const refCount = [...taggingItems, ...noteItems].reduce((n, item) => n + referenceCount(item), 0);
  if (refCount > IMPORT_LIMITS.references) {
    throw new ApiError(413, [`The import holds ${refCount} references; at most ${IMPORT_LIMITS.references} are allowed per import`]);
  }

  const out: ImportItems = { taggings: [], notes: [] };
  for (const [i, item] of taggingItems.entries()) {
    const own: Problems = [];
    const tagging = await validateTagging(database, item, own, catalogue);
    if (tagging) out.taggings.push(tagging);
    problems.push(...own.map((p) => `tagging ${i + 1}: ${p}`));
  }
  for (const [i, item] of noteItems.entries()) {
    const own: Problems = [];
    const note = await validateNote(item, own, catalogue);
    if (note) out.notes.push(note);
    problems.push(...own.map((p) => `note ${i + 1}: ${p}`));
  }
  if (problems.length) throw unprocessable(problems);
  return out;
}

/**
 * One tagging, as POST /user/taggings checks it, except that the tag is taken by name only: ids
 * belong to the exporting service and account, so a tag id in the document is ignored.
 */
async function validateTagging(database: Database, item: BodyValue, problems: Problems, catalogue: () => Promise<Catalogue>): Promise<ImportTagging | null> {
  const body = asObject(item);
  if (!body) {
    problems.push('tagging must contain elements, not text');
    return null;
  }
  const tag = asObject(body.tag);
  let tagName: string | undefined;
  if (body.tag !== undefined && tag && tag.name === undefined) {
    problems.push('tag name is required (an import matches tags by name; tag ids are ignored)');
  } else {
    const byName = tag ? { ...body, tag: { name: tag.name } } : body;
    const choice = await tagField(database, byName, problems, true);
    if (choice && 'name' in choice) tagName = choice.name;
  }
  if (!hasReferences(body)) problems.push('references is required');
  const before = problems.length;
  const references = hasReferences(body) ? await referencesField(body, problems, catalogue) : [];
  if (tagName === undefined || problems.length > before || !hasReferences(body)) return null;
  return { tagName, references };
}

/** One note, as POST /notes checks it (`public` is 0 on import as on create). */
async function validateNote(item: BodyValue, problems: Problems, catalogue: () => Promise<Catalogue>): Promise<ImportNote | null> {
  const note = asObject(item);
  if (!note) {
    problems.push('note must contain elements, not text');
    return null;
  }
  const before = problems.length;
  const title = textField(note, 'title', problems, { max: LIMITS.title, required: true });
  const content = textField(note, 'content', problems, { max: LIMITS.content });
  if (!hasReferences(note)) problems.push('references is required');
  const references = hasReferences(note) ? await referencesField(note, problems, catalogue) : [];
  if (problems.length > before) return null;
  return { title: title!, content: content ?? '', references };
}

/**
 * Content keys for idempotence: a tagging is its tag name and its SET of references, a note its
 * title, content and set of references (order and repetition of references do not matter).
 */
function referencesKey(refs: { start: string; end: string }[]): string[] {
  return [...new Set(refs.map((r) => `${r.start}\u0000${r.end}`))].sort();
}

export const taggingKey = (tagName: string, refs: { start: string; end: string }[]) => JSON.stringify([tagName, referencesKey(refs)]);
export const noteKey = (title: string, content: string, refs: { start: string; end: string }[]) => JSON.stringify([title, content, referencesKey(refs)]);

export interface ImportSummary {
  taggings_added: number;
  taggings_skipped: number;
  notes_added: number;
  notes_skipped: number;
}

/** Rows per multi-row INSERT under D1's 100 bound parameters (see writeImport). */
const TAG_ROWS = 50; // name, created_at
const TAGGING_ROWS = 25; // user_id, tag name (in the tag id sub-select), created_at, updated_at
const NOTE_ROWS = 16; // user_id, title, content, public, created_at, updated_at

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes the items the caller does not have yet (matched by content against the caller's
 * taggings and notes, and against the earlier items of the same document) in ONE batch, so the
 * import is stored whole or not at all. Statements, each under 100 bound parameters: the tags
 * by name (50 per INSERT, ON CONFLICT DO NOTHING as on create), the taggings (25 per INSERT), their
 * references (24 per INSERT), the notes (16 per INSERT), their references. Within IMPORT_LIMITS
 * that is at most 125 + 417 + a few statements.
 */
export async function writeImport(db: Database, userId: number, items: ImportItems, now = Date.now()): Promise<ImportSummary> {
  const [taggingList, noteList] = await Promise.all([listTaggings(db, userId), listNotes(db, userId)]);
  const seenTaggings = new Set(taggingList.map((t) => taggingKey(t.tagging.tagName, t.references)));
  const seenNotes = new Set(noteList.map((n) => noteKey(n.note.title, n.note.content, n.references)));

  const newTaggings = items.taggings.filter((t) => {
    const key = taggingKey(t.tagName, t.references);
    if (seenTaggings.has(key)) return false;
    seenTaggings.add(key);
    return true;
  });
  const newNotes = items.notes.filter((n) => {
    const key = noteKey(n.title, n.content, n.references);
    if (seenNotes.has(key)) return false;
    seenNotes.add(key);
    return true;
  });

  const statements = [
    ...chunks([...new Set(newTaggings.map((t) => t.tagName))], TAG_ROWS).map((names) =>
      db
        .insert(tags)
        .values(names.map((name) => ({ name, createdAt: now })))
        .onConflictDoNothing(),
    ),
    ...chunks(newTaggings, TAGGING_ROWS).map((rows) =>
      db.insert(taggings).values(
        rows.map((t) => ({ userId, tagId: sql`(SELECT ${tags.id} FROM ${tags} WHERE ${tags.name} = ${t.tagName})`, createdAt: now, updatedAt: now })),
      ),
    ),
    ...insertReferencesOfNewParents(
      db,
      'tagging',
      userId,
      newTaggings.map((t) => t.references),
      now,
    ),
    ...chunks(newNotes, NOTE_ROWS).map((rows) =>
      db.insert(notes).values(rows.map((n) => ({ userId, title: n.title, content: n.content, public: 0, createdAt: now, updatedAt: now }))),
    ),
    ...insertReferencesOfNewParents(
      db,
      'note',
      userId,
      newNotes.map((n) => n.references),
      now,
    ),
  ];
  if (statements.length > 0) await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return {
    taggings_added: newTaggings.length,
    taggings_skipped: items.taggings.length - newTaggings.length,
    notes_added: newNotes.length,
    notes_skipped: items.notes.length - newNotes.length,
  };
}
