import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Catalogue } from '../../catalogue/store';
import { boundStatement, type BuiltQuery, type Database } from '../../db/client';
import { changes } from '../../db/schema';
import type { BodyObject, BodyValue } from '../../http/body';
import { ApiError, badRequest, echo, unprocessable } from '../../http/errors';
import type { DocNode } from '../../render/document';
import { formatTimestamp } from '../../render/timestamp';
import { noteDoc, tagDoc, taggingDoc } from '../documents';
import {
  hasReferences,
  LIMITS,
  parseId,
  referencesField,
  repeated,
  textField,
  type Problems,
  type ReferenceInput,
} from './input';
import { listNotes } from './notes';
import { importStatements, type ExportedIdentity } from './identity';
import { conditioned, runConditioned, type WriteConditions } from '../sync/guards';
import { boundBatchWithinQuotas } from './quotas';
import { IMPORT_LIMITS, MAX_IMPORT_BYTES } from '../../api/limits';
import { tagField, type FindTag } from './tag-choice';
import { insertTags, listTaggings, userTags } from './taggings';

/**
 * Export and import of one user's annotations (docs/annotations.md "Export and
 * import"). The export is one document, root `export`, holding the caller's tags, taggings and
 * notes in the shapes of /user/tags, /user/taggings and /user/notes; the import reads the same
 * document back (from any account, XML or JSON), validates every item as the create routes do,
 * and writes what is new in one D1 batch (one transaction).
 */

/** Version of the export document's shape; `format_version` in the document. */
export const EXPORT_FORMAT_VERSION = 1;

export { IMPORT_LIMITS, MAX_IMPORT_BYTES };

// -------------------------------------------------------------------------------------- export

/** The export document's root content (everything of the caller, nothing of anyone else). */
export async function exportDoc(db: Database, userId: number, now = Date.now()): Promise<DocNode> {
  // Everything, unpaged: an account's whole content is bounded by its quotas.
  const [tagList, taggingList, noteList] = await Promise.all([
    userTags(db, userId),
    listTaggings(db, userId),
    listNotes(db, userId),
  ]);
  return {
    format_version: EXPORT_FORMAT_VERSION,
    exported_at: formatTimestamp(now),
    tags: { tag: tagList.items.map((t) => tagDoc(t)) },
    taggings: { tagging: taggingList.items.map((t) => taggingDoc(t.tagging, t.references)) },
    notes: { note: noteList.items.map((n) => noteDoc(n.note, n.references)) },
  };
}

// -------------------------------------------------------------------------------------- import

export interface ImportTagging {
  tagName: string;
  references: ReferenceInput[];
  /** Its identity in the export it came from (docs/sync.md "Export and import"). */
  source?: ExportedIdentity;
}

export interface ImportNote {
  title: string;
  content: string;
  references: ReferenceInput[];
  source?: ExportedIdentity;
}

/**
 * The identity an exported item carries: its `id` and its `created_at` (in whole seconds), when it
 * has both, well formed; anything else is an item with no identity (matched by content alone).
 */
function exportedIdentity(item: BodyObject): ExportedIdentity | undefined {
  const id = typeof item.id === 'string' ? parseId(item.id) : null;
  const created = typeof item.created_at === 'string' ? Date.parse(item.created_at) : NaN;
  if (id === null || !Number.isFinite(created)) return undefined;
  return { id, createdSecond: Math.floor(created / 1000) };
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
  return object && hasReferences(object)
    ? (repeated(object.references, 'reference')?.length ?? 0)
    : 0;
}

/**
 * Validates an import document: `{export: {taggings: {tagging: […]}, notes: {note: […]}}}`; other
 * elements (tags, format_version, exported_at, ids, user ids, timestamps, `public`) are ignored.
 * Every tagging and note goes through the checks of its create route; all problems are collected
 * with the item's position (`tagging 3: …`, counting from 1) into one 422.
 */
export async function validateImport(
  findTag: FindTag,
  body: BodyObject,
  catalogue: () => Promise<Catalogue>,
): Promise<ImportItems> {
  const [rootName] = Object.keys(body);
  if (rootName !== 'export')
    throw badRequest(
      `Expected an <export> root element (or {"export":{…}} in JSON), got <${echo(rootName)}>`,
    );
  const doc = asObject(body.export);
  if (!doc) throw badRequest('<export> must contain elements, not text');

  const problems: Problems = [];
  const taggingItems = section(doc, 'taggings', 'tagging', problems);
  const noteItems = section(doc, 'notes', 'note', problems);
  const itemCount = taggingItems.length + noteItems.length;
  if (itemCount > IMPORT_LIMITS.items) {
    throw new ApiError(413, [
      `The import holds ${itemCount} taggings and notes; at most ${IMPORT_LIMITS.items} are allowed per import`,
    ]);
  }
  const refCount = [...taggingItems, ...noteItems].reduce((n, item) => n + referenceCount(item), 0);
  if (refCount > IMPORT_LIMITS.references) {
    throw new ApiError(413, [
      `The import holds ${refCount} references; at most ${IMPORT_LIMITS.references} are allowed per import`,
    ]);
  }

  const out: ImportItems = { taggings: [], notes: [] };
  for (const [i, item] of taggingItems.entries()) {
    const own: Problems = [];
    const tagging = await validateTagging(findTag, item, own, catalogue);
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
async function validateTagging(
  findTag: FindTag,
  item: BodyValue,
  problems: Problems,
  catalogue: () => Promise<Catalogue>,
): Promise<ImportTagging | null> {
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
    const choice = await tagField(findTag, byName, problems, true);
    if (choice && 'name' in choice) tagName = choice.name;
  }
  if (!hasReferences(body)) problems.push('references is required');
  const before = problems.length;
  const references = hasReferences(body) ? await referencesField(body, problems, catalogue) : [];
  if (tagName === undefined || problems.length > before || !hasReferences(body)) return null;
  return { tagName, references, source: exportedIdentity(body) };
}

/** One note, as POST /notes checks it (`public` is 0 on import as on create). */
async function validateNote(
  item: BodyValue,
  problems: Problems,
  catalogue: () => Promise<Catalogue>,
): Promise<ImportNote | null> {
  const note = asObject(item);
  if (!note) {
    problems.push('note must contain elements, not text');
    return null;
  }
  const before = problems.length;
  const title = textField(note, 'title', problems, {
    max: LIMITS.title,
    required: true,
    name: true,
  });
  const content = textField(note, 'content', problems, { max: LIMITS.content });
  if (!hasReferences(note)) problems.push('references is required');
  const references = hasReferences(note) ? await referencesField(note, problems, catalogue) : [];
  if (problems.length > before) return null;
  return { title: title!, content: content ?? '', references, source: exportedIdentity(note) };
}

export interface ImportSummary {
  taggings_added: number;
  taggings_skipped: number;
  notes_added: number;
  notes_skipped: number;
}

/** Tags per INSERT (one JSON parameter; D1 binds at most 100 parameters, 100 KB of SQL). */
const TAG_ROWS = 500;

/**
 * Writes the items the caller does not have yet in ONE batch, so the import is stored whole or
 * not at all: the tags the caller's database lacks, with the ids of their names (`tagIds`, from
 * src/annotations/personal/tag-names.ts tagIdsOfNames; ON CONFLICT DO NOTHING, as on create), then each tagging and each
 * note as two statements that insert it unless the caller already has an identical one
 * (src/annotations/personal/identity.ts), then the quota guard. The check is inside each statement, so
 * two identical imports that arrive at the same moment store the items once, and
 * an item repeated within the document is stored once (the later statement sees the earlier).
 * Added and skipped are counted from what the conditional inserts returned.
 */
export async function writeImport(
  db: Database,
  userId: number,
  items: ImportItems,
  tagIds: ReadonlyMap<string, number>,
  now = Date.now(),
  conditions: WriteConditions = {},
): Promise<ImportSummary> {
  const tagRows = [...new Set(items.taggings.map((t) => t.tagName))].map((name) => ({
    id: tagIds.get(name)!,
    name,
  }));
  const tagStatements = [];
  for (let i = 0; i < tagRows.length; i += TAG_ROWS)
    tagStatements.push(boundStatement(db, insertTags(db, tagRows.slice(i, i + TAG_ROWS), now)));
  const bound = importStatements(db);
  const statements = [
    ...tagStatements,
    ...items.taggings.flatMap((t) => bound.tagging(userId, t, now)),
    ...items.notes.flatMap((n) => bound.note(userId, n, now)),
  ];
  // A keyed import records its summary in its own batch, counted from the changes it made: every
  // item it adds is a change after the batch's start (src/annotations/sync/idempotency.ts).
  const attempt = conditions.attempt;
  const addedSince = (kind: 'tagging' | 'note') =>
    sql`(SELECT count(*) FROM ${changes} WHERE ${changes.userId} = ${userId} AND ${changes.kind} = ${kind} AND ${changes.seq} > ${attempt!.startSeq()})`;
  const { statements: conditionedStatements, offset } = conditioned(
    db,
    userId,
    conditions,
    [],
    undefined,
    attempt?.record(
      db,
      200,
      'import',
      sql`json_object('taggings_added', ${addedSince('tagging')}, 'taggings_skipped', ${items.taggings.length} - ${addedSince('tagging')}, 'notes_added', ${addedSince('note')}, 'notes_skipped', ${items.notes.length} - ${addedSince('note')})`,
    ),
  );
  const bind = (q: BatchItem<'sqlite'>) => boundStatement(db, q as unknown as BuiltQuery);
  const guards = conditionedStatements.slice(0, offset).map(bind);
  const records = conditionedStatements.slice(offset).map(bind);
  if (statements.length === 0 && !attempt)
    return { taggings_added: 0, taggings_skipped: 0, notes_added: 0, notes_skipped: 0 };
  const results = (await runConditioned(db, conditions, () =>
    boundBatchWithinQuotas(
      db,
      userId,
      ['taggings', 'tags', 'notes', 'references', 'noteText'],
      [...guards, ...statements, ...records],
    ),
  ))!.slice(guards.length);
  // Each item's first statement returns the new row's id, or nothing when it was skipped.
  const added = (from: number, count: number) => {
    let n = 0;
    for (let k = 0; k < count; k++) if (results[from + 2 * k]!.results.length > 0) n++;
    return n;
  };
  const taggingsAdded = added(tagStatements.length, items.taggings.length);
  const notesAdded = added(tagStatements.length + 2 * items.taggings.length, items.notes.length);
  return {
    taggings_added: taggingsAdded,
    taggings_skipped: items.taggings.length - taggingsAdded,
    notes_added: notesAdded,
    notes_skipped: items.notes.length - notesAdded,
  };
}
