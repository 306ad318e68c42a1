/**
 * JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of every JSON response and request body,
 * written once: the OpenAPI document (src/openapi/document.ts) puts them under `components.schemas` and the
 * tests validate real responses against them (test/openapi/document.test.ts). The shapes follow the
 * renderer's JSON mapping (docs/json.md): one root, repeated elements as arrays, `id` once.
 */
import { once } from '../cache/once';
import type { Schema } from './schemas/shapes';
import { accountSchemas } from './schemas/account';
import { librarySchemas } from './schemas/library';
import { moderationSchemas } from './schemas/moderation';
import { noteSchemas } from './schemas/notes';
import { scriptureSchemas } from './schemas/scripture';
import { searchSchemas } from './schemas/search';
import { serviceSchemas } from './schemas/service';
import { sharedSchemas } from './schemas/shared';
import { studySchemas } from './schemas/study';
import { taggingSchemas } from './schemas/taggings';
import { tagSchemas } from './schemas/tags';

export type { Schema } from './schemas/shapes';

/**
 * Every schema, from the file of the tag whose operations answer or take it (./schemas/). Built
 * when the OpenAPI document is (src/openapi/document.ts), not at the top level: no other request
 * reads them (docs/speed.md "Cold start").
 */
const byTag = () => ({
  ...sharedSchemas(),
  ...serviceSchemas(),
  ...scriptureSchemas(),
  ...searchSchemas(),
  ...studySchemas(),
  ...librarySchemas(),
  ...accountSchemas(),
  ...tagSchemas(),
  ...taggingSchemas(),
  ...noteSchemas(),
  ...moderationSchemas(),
});

/**
 * The order `components.schemas` lists them in: the one file's, kept when the schemas were split
 * by tag so that /openapi.json and the typed client generated from it did not change. Typed by the
 * schemas' names, and checked below to name each once.
 */
const DOCUMENT_ORDER: readonly (keyof ReturnType<typeof byTag>)[] = [
  'Timestamp',
  'Meta',
  'Errors',
  'Status',
  'FoundReference',
  'Version',
  'BookGroup',
  'Book',
  'Chapter',
  'Verse',
  'Passage',
  'StrongsLink',
  'Morphology',
  'Word',
  'VerseWords',
  'LexiconEntry',
  'Reference',
  'References',
  'Tag',
  'Tagging',
  'Note',
  'User',
  'PublicNote',
  'PublicNotesDocument',
  'ReportsDocument',
  'QueuedNote',
  'ModerationQueueDocument',
  'ModerationLogEntry',
  'ModerationLogDocument',
  'ChapterAnnotation',
  'ChapterAnnotationsDocument',
  'ExportDocument',
  'ImportBody',
  'Change',
  'ChangesDocument',
  'ImportDocument',
  'StatusDocument',
  'ReferencesDocument',
  'VersionsDocument',
  'BookGroupsDocument',
  'BooksDocument',
  'ChaptersDocument',
  'VersesDocument',
  'TagsDocument',
  'TaggingsDocument',
  'NotesDocument',
  'TagListDocument',
  'TaggingListDocument',
  'NoteListDocument',
  'UsersDocument',
  'KeywordSearchDocument',
  'ConcordanceDocument',
  'VerseSearchDocument',
  'WordsDocument',
  'GreekDifferencesDocument',
  'StrongsDocument',
  'LibraryWork',
  'LibraryPassage',
  'CommentaryEntry',
  'CommentaryListDocument',
  'CommentariesDocument',
  'CommentaryEntryDocument',
  'TopicLink',
  'TopicListDocument',
  'TopicDocument',
  'CitingTopicsDocument',
  'CrossReferencesDocument',
  'CrossReference',
  'DownloadDocument',
  'ChecksumsDocument',
  'FootnotesDocument',
  'Footnote',
  'RelatedDocument',
  'PassagesDocument',
  'NoteBody',
  'ReportBody',
  'ModerationBody',
  'TaggingBody',
  'ReferencesBody',
  'UserBody',
];

/** Every schema in the document's order (`components.schemas`). */
export const schemas = once((): Record<string, Schema> => {
  const all = byTag();
  if (new Set(DOCUMENT_ORDER).size !== Object.keys(all).length)
    throw new Error('DOCUMENT_ORDER must name every schema of ./schemas/ once');
  return Object.fromEntries(DOCUMENT_ORDER.map((name) => [name, all[name]]));
});
