/**
 * JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of every JSON response and request body,
 * written once: the OpenAPI document (src/openapi/document.ts) puts them under `components.schemas` and the
 * tests validate real responses against them (test/openapi/document.test.ts). The shapes follow the
 * renderer's JSON mapping (docs/json.md): one root, repeated elements as arrays, `id` once.
 */
import type { Schema } from './schemas/shapes';
import { ACCOUNT_SCHEMAS } from './schemas/account';
import { LIBRARY_SCHEMAS } from './schemas/library';
import { MODERATION_SCHEMAS } from './schemas/moderation';
import { NOTE_SCHEMAS } from './schemas/notes';
import { SCRIPTURE_SCHEMAS } from './schemas/scripture';
import { SEARCH_SCHEMAS } from './schemas/search';
import { SERVICE_SCHEMAS } from './schemas/service';
import { SHARED_SCHEMAS } from './schemas/shared';
import { STUDY_SCHEMAS } from './schemas/study';
import { TAGGING_SCHEMAS } from './schemas/taggings';
import { TAG_SCHEMAS } from './schemas/tags';

export type { Schema } from './schemas/shapes';

/** Every schema, from the file of the tag whose operations answer or take it (./schemas/). */
const BY_TAG = {
  ...SHARED_SCHEMAS,
  ...SERVICE_SCHEMAS,
  ...SCRIPTURE_SCHEMAS,
  ...SEARCH_SCHEMAS,
  ...STUDY_SCHEMAS,
  ...LIBRARY_SCHEMAS,
  ...ACCOUNT_SCHEMAS,
  ...TAG_SCHEMAS,
  ...TAGGING_SCHEMAS,
  ...NOTE_SCHEMAS,
  ...MODERATION_SCHEMAS,
};

/**
 * The order `components.schemas` lists them in: the one file's, kept when the schemas were split
 * by tag so that /openapi.json and the typed client generated from it did not change. Typed by the
 * schemas' names, and checked below to name each once.
 */
const DOCUMENT_ORDER: readonly (keyof typeof BY_TAG)[] = [
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

if (new Set(DOCUMENT_ORDER).size !== Object.keys(BY_TAG).length)
  throw new Error('DOCUMENT_ORDER must name every schema of ./schemas/ once');

export const SCHEMAS: Record<string, Schema> = Object.fromEntries(
  DOCUMENT_ORDER.map((name) => [name, BY_TAG[name]]),
);
