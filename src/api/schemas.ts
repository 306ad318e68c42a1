/**
 * JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of every JSON response and request body,
 * written once: the OpenAPI document (./document.ts) puts them under `components.schemas` and the
 * tests validate real responses against them (test/openapi/document.test.ts). The shapes follow the
 * renderer's JSON mapping (docs/json.md): one root, repeated elements as arrays, `id` once.
 */
import { FOOTNOTE_KINDS, TESTAMENTS } from '../snapshot/types';
import {
  ANONYMOUS_AUTHOR,
  MAX_REASON,
  MAX_REFERENCE_TEXT_LENGTH,
  MAX_REFERENCE_TEXTS,
  RENDERINGS_LISTED,
} from './limits';
import { MODERATION_ACTIONS, MODERATION_STATES, ROLES } from './moderation';

export type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer' };
const nullable = (s: Schema): Schema => ({ oneOf: [s, { type: 'null' }] });

function object(
  properties: Record<string, Schema>,
  required: string[] = Object.keys(properties),
): Schema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** `{"verse":{"path":"/verses/KJV:John.3.17","name":"John 3:17","id":"KJV:John.3.17"}}` */
function link(kind: string, idType: Schema = str): Schema {
  return object({ [kind]: object({ path: str, name: str, id: idType }) });
}

/** A resource's fields plus optional `next` / `previous` links of its own kind. */
function withSiblings(
  kind: string,
  properties: Record<string, Schema>,
  idType: Schema = str,
): Schema {
  const required = Object.keys(properties).filter((k) => k !== 'text' && k !== 'empty');
  return object(
    { ...properties, next: link(kind, idType), previous: link(kind, idType) },
    required,
  );
}

/** A response document: `{"<root>": {"<item>": [...], "meta": {...}}}`. */
function document(root: string, item: string, itemSchema: Schema): Schema {
  return object({
    [root]: object({ [item]: { type: 'array', items: itemSchema }, meta: ref('Meta') }),
  });
}

/** A paged list's summary (src/http/paging.ts): start = offset + 1, total, rpp = the items the page holds at most (the limit, or fewer when they reached the page's byte bound). */
const pageSummarySchema: Schema = object({ start: int, total: int, rpp: int });

/** A paged list (src/http/paging.ts): the items, then `summary`. */
function pagedDocument(root: string, item: string, itemSchema: Schema): Schema {
  return object({
    [root]: object({
      [item]: { type: 'array', items: itemSchema },
      summary: pageSummarySchema,
      meta: ref('Meta'),
    }),
  });
}

const timestamp: Schema = {
  type: 'string',
  description: 'Spec "Timestamps": `Fri, 29 Oct 2010 14:03:39 +0000`',
  pattern:
    '^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d\\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4} \\d\\d:\\d\\d:\\d\\d [+-]\\d{4}$',
};

const referenceInput = object({
  start: { ...str, description: 'verse id, e.g. KJV:John.3.16' },
  end: { ...str, description: 'verse id' },
});
/** Every spelling of a repeated element a client may send (docs/annotations.md). */
const referencesInput: Schema = {
  oneOf: [
    object({ reference: { oneOf: [referenceInput, { type: 'array', items: referenceInput }] } }),
    { type: 'array', items: referenceInput },
  ],
};

const noteInput: Schema = {
  type: 'object',
  properties: {
    title: { ...str, maxLength: 255 },
    content: { ...str, maxLength: 10000 },
    public: { enum: [0, 1, '0', '1'] },
    references: referencesInput,
  },
};
const taggingInput: Schema = {
  type: 'object',
  properties: {
    tag: {
      type: 'object',
      properties: { name: { ...str, maxLength: 100 }, id: { oneOf: [int, str] } },
    },
    references: referencesInput,
  },
};
/** `{"x":{"item":[…]}}`, `{"x":{"item":{…}}}` or `{"x":[…]}`, as everywhere in bodies. */
const repeatedInput = (item: string, schema: Schema): Schema => ({
  oneOf: [
    object({ [item]: { oneOf: [schema, { type: 'array', items: schema }] } }),
    { type: 'array', items: schema },
  ],
});

export const SCHEMAS: Record<string, Schema> = {
  Timestamp: timestamp,
  Meta: object({
    fums: str,
    fums_tid: str,
    fums_js_include: str,
    fums_js: str,
    fums_noscript: str,
  }),
  Errors: object({ errors: object({ error: { type: 'array', items: str, minItems: 1 } }) }),
  Status: object({ id: { const: 'ok' }, snapshot_id: str, api_version: { enum: [1, 2] } }),
  FoundReference: object({
    text: { ...int, description: "Which of the request's texts it is in (from 0)" },
    start: { ...int, description: 'Where it starts in that text (UTF-16 code units, from 0)' },
    end: {
      ...int,
      description:
        'Where it ends (exclusive): the text from start to end is the reference as written',
    },
    osis: {
      ...str,
      description:
        'The ranges it names in OSIS ids, comma-separated: `John.3.16`, `Gen.1.1-Gen.2.3`, `Ps.23`',
    },
  }),
  Version: withSiblings('version', {
    id: str,
    version_id: int,
    name: str,
    abbreviation: str,
    lang: { ...str, description: 'ISO 639-3' },
    lang_name: str,
    lang_name_eng: str,
    info: str,
    updated_at: ref('Timestamp'),
    copyright: str,
  }),
  BookGroup: withSiblings('bookgroup', { id: int, name: str, ord: int, abbr: str }, int),
  Book: withSiblings('book', {
    id: str,
    version_id: int,
    name: str,
    abbr: str,
    ord: int,
    book_group_id: int,
    testament: { enum: [...TESTAMENTS] },
    osis_end: str,
    parent: link('version'),
    copyright: str,
  }),
  Chapter: withSiblings('chapter', {
    id: str,
    auditid: int,
    label: str,
    chapter: int,
    osis_end: str,
    text: { ...str, description: 'HTML of the verses; only when one chapter is shown' },
    parent: link('book'),
    copyright: str,
  }),
  Verse: withSiblings('verse', {
    id: str,
    auditid: int,
    verse: int,
    lastverse: int,
    osis_end: str,
    label: str,
    reference: str,
    text: { ...str, description: 'HTML fragment (docs/contract.md "Verse")' },
    empty: {
      ...str,
      description:
        "Only on a slot the version leaves empty, listed among a chapter's verses where it stands: why (its text says so too; the slot's own /verses/{id} is the 404 with this reason)",
    },
    parent: link('chapter'),
    copyright: str,
  }),
  Passage: {
    type: 'object',
    properties: {
      display: str,
      version: str,
      note: {
        ...str,
        description:
          'Only when the reference named a verse this version numbers elsewhere: which verse holds its text',
      },
      path: str,
      text_preview: str,
      copyright: str,
    },
    required: ['display', 'version', 'path', 'text_preview', 'copyright'],
  },
  StrongsLink: object(
    {
      id: { ...str, description: "normalized Strong's number: `H157`, `G25`" },
      path: { ...str, description: 'its lexicon entry, `/strongs/G25`' },
      word: { ...str, description: "the lexicon's headword (absent for a number no lexicon has)" },
    },
    ['id', 'path'],
  ),
  Morphology: object({
    scheme: {
      enum: ['robinson', 'strongMorph', 'oshb'],
      description:
        "Robinson's codes (Greek), Strong's tense numbers (the KJV's Hebrew verbs), the Open Scriptures Hebrew Bible's codes",
    },
    code: str,
    text: {
      ...str,
      description: 'the code in words: "verb, aorist active indicative, third person singular"',
    },
  }),
  Word: object(
    {
      position: { ...int, description: '1-based, in the order of the text' },
      text: { ...str, description: "as printed; '' for a Greek word the KJV leaves untranslated" },
      after: {
        ...str,
        description: 'what follows the word: spaces, punctuation, maqaf, sof pasuq',
      },
      added: { const: 'true', description: 'a word the translators supplied (italic in print)' },
      title: {
        const: 'true',
        description:
          "a word of a Psalm's title: the title's words open verse 1, as the verse's text prints the title before it",
      },
      strongs: { type: 'array', items: ref('StrongsLink') },
      lemma: {
        type: 'array',
        items: str,
        description: 'the source lemma (OSHB `b/7225`); absent where the source has none',
      },
      morph: { type: 'array', items: ref('Morphology') },
      original: {
        type: 'array',
        description:
          'KJV New Testament: the Greek words (Textus Receptus) this English word renders, with their positions in the Greek word order',
        items: object(
          {
            position: int,
            text: str,
            strongs: ref('StrongsLink'),
            morph: { type: 'array', items: ref('Morphology') },
          },
          ['position', 'text'],
        ),
      },
    },
    ['position', 'text', 'after', 'strongs'],
  ),
  VerseWords: object({
    id: str,
    reference: str,
    path: str,
    word: { type: 'array', items: ref('Word') },
  }),
  LexiconEntry: object(
    {
      id: str,
      lang: { enum: ['hbo', 'grc'] },
      word: { ...str, description: 'the word in Hebrew (pointed) or Greek (accented)' },
      transliteration: str,
      pronunciation: str,
      derivation: str,
      definition: str,
      kjv_renderings: { ...str, description: "Strong's note of the KJV's renderings" },
      related: { type: 'array', items: ref('StrongsLink') },
      fuller: {
        type: 'array',
        items: object({
          source: { enum: ['BDB', 'Abbott-Smith'] },
          id: str,
          headword: str,
          html: {
            ...str,
            description:
              'HTML subset: p, b, i, ol, li, span lang, a href (lexicon and verse links)',
          },
        }),
      },
      occurrences: {
        type: 'array',
        items: object({
          version: str,
          words: {
            ...int,
            description:
              'tagged words carrying the number: in the KJV its English phrases (a Hebrew or Greek word rendered by two phrases counts twice, one the KJV leaves untranslated once)',
          },
          occurrences: {
            ...int,
            description:
              'original-language words tagged with the number: in the WLC, TR and SBLGNT their words, in the KJV the Hebrew and Greek words its phrases render, each once',
          },
          verses: int,
          path: { ...str, description: 'its concordance in that version' },
        }),
      },
      path: str,
      copyright: str,
    },
    ['id', 'lang', 'word', 'definition', 'related', 'fuller', 'occurrences', 'path', 'copyright'],
  ),
  Reference: object({
    start: str,
    end: str,
    created_at: ref('Timestamp'),
    updated_at: ref('Timestamp'),
  }),
  References: object({ reference: { type: 'array', items: ref('Reference') } }),
  Tag: object(
    {
      id: int,
      name: str,
      revision: {
        type: 'integer',
        description:
          "The caller's revision of the tag, where the tag is the caller's (its list, its page, the changes feed): it moves with any of the caller's taggings of it (docs/sync.md \"Revisions\"); 0 for a tag the caller never used",
      },
      references: ref('References'),
    },
    ['id', 'name'],
  ),
  Tagging: object({
    id: int,
    user_id: int,
    tag_id: int,
    updated_at: ref('Timestamp'),
    created_at: ref('Timestamp'),
    revision: {
      type: 'integer',
      description:
        'Changes on every write of the item (docs/sync.md "Revisions"); the ETag of its own URL is this number in quotes',
    },
    references: ref('References'),
    tag: object({ id: int, name: str }),
  }),
  Note: object({
    id: int,
    user_id: int,
    title: str,
    content: str,
    public: { enum: [0, 1] },
    created_at: ref('Timestamp'),
    updated_at: ref('Timestamp'),
    revision: {
      type: 'integer',
      description:
        'Changes on every write of the item (docs/sync.md "Revisions"); the ETag of its own URL is this number in quotes',
    },
    moderated: {
      description:
        'null (empty in XML) when no moderation touched the note, else its state (docs/public-notes.md "States")',
      enum: [null, ...MODERATION_STATES],
    },
    references: ref('References'),
  }),
  User: object(
    {
      id: int,
      username: str,
      email: str,
      first_name: str,
      last_name: str,
      display_name: {
        ...str,
        description:
          "shown beside the account's public notes; empty: others see the anonymous label",
      },
      role: { enum: [...ROLES] },
      created_at: ref('Timestamp'),
      updated_at: ref('Timestamp'),
      api_token: str,
    },
    [
      'id',
      'username',
      'email',
      'first_name',
      'last_name',
      'display_name',
      'role',
      'created_at',
      'updated_at',
    ],
  ),
  PublicNote: object({
    id: int,
    author: { ...str, description: `the author's display name, or "${ANONYMOUS_AUTHOR}"` },
    title: str,
    content: str,
    published_at: ref('Timestamp'),
    updated_at: ref('Timestamp'),
    written_in: { ...str, description: 'version of its first reference on the chapter or verse' },
    verses: object({ verse: { type: 'array', items: int, minItems: 1 } }),
    references: ref('References'),
  }),
  PublicNotesDocument: object({
    public_notes: object({
      parent: { oneOf: [link('chapter'), link('verse')] },
      public_note: { type: 'array', items: ref('PublicNote') },
      summary: pageSummarySchema,
      meta: ref('Meta'),
    }),
  }),
  ReportsDocument: document(
    'reports',
    'report',
    object({
      note_id: int,
      reason: str,
      created_at: ref('Timestamp'),
      hid_note: { enum: [0, 1], description: 'whether this report hid the note until review' },
    }),
  ),
  QueuedNote: object({
    id: int,
    user_id: int,
    author: str,
    title: str,
    content: str,
    public: { enum: [0, 1] },
    moderated: { enum: [null, ...MODERATION_STATES] },
    published_at: { oneOf: [ref('Timestamp'), { type: 'null' }] },
    updated_at: ref('Timestamp'),
    reports: object({
      report: {
        type: 'array',
        items: object({ reason: str, created_at: ref('Timestamp') }),
      },
    }),
    references: ref('References'),
  }),
  ModerationQueueDocument: pagedDocument('moderation_queue', 'note', ref('QueuedNote')),
  ModerationLogEntry: object({
    id: int,
    moderator_id: int,
    moderator: str,
    note_id: int,
    action: { enum: Object.keys(MODERATION_ACTIONS) },
    reason: str,
    at: ref('Timestamp'),
  }),
  ModerationLogDocument: object({
    moderation_log: object(
      {
        entry: { type: 'array', items: ref('ModerationLogEntry') },
        summary: pageSummarySchema,
        meta: ref('Meta'),
      },
      ['entry', 'meta'],
    ),
  }),

  ChapterAnnotation: object(
    {
      kind: { enum: ['note', 'tagging'] },
      written_in: { ...str, description: 'version the annotation was written on' },
      verses: object({ verse: { type: 'array', items: int, minItems: 1 } }),
      note: ref('Note'),
      tagging: ref('Tagging'),
    },
    ['kind', 'written_in', 'verses'],
  ),
  ChapterAnnotationsDocument: object({
    annotations: object({
      parent: link('chapter'),
      annotation: { type: 'array', items: ref('ChapterAnnotation') },
      summary: pageSummarySchema,
      meta: ref('Meta'),
    }),
  }),
  ExportDocument: {
    description:
      "GET /user/export: the caller's tags, taggings and notes in the shapes of /user/tags, /user/taggings and /user/notes (POST /user/import reads it back: ImportBody).",
    ...object({
      export: object(
        {
          format_version: { const: 1 },
          exported_at: ref('Timestamp'),
          tags: object({ tag: { type: 'array', items: ref('Tag') } }),
          taggings: object({ tagging: { type: 'array', items: ref('Tagging') } }),
          notes: object({ note: { type: 'array', items: ref('Note') } }),
          meta: ref('Meta'),
        },
        ['format_version', 'exported_at', 'tags', 'taggings', 'notes'],
      ),
    }),
  },
  ImportBody: {
    description:
      'An export document (ExportDocument), from any account, XML or JSON. Only the taggings (tag name, references) and the notes (title, content, references) are read, and each item\'s `id` and `created_at`: an item the caller still has (that id, made that second) is skipped, however it was edited since (docs/sync.md "Export and import"); user ids, other timestamps, revisions, `public`, `tags`, `format_version`, `exported_at` and `meta` are ignored. Each item is checked as its create route checks it.',
    type: 'object',
    properties: {
      export: {
        type: 'object',
        properties: {
          taggings: repeatedInput('tagging', taggingInput),
          notes: repeatedInput('note', noteInput),
        },
      },
    },
    required: ['export'],
  },
  Change: object(
    {
      kind: { enum: ['note', 'tagging', 'tag'] },
      id: int,
      revision: {
        type: 'integer',
        description: "The item's revision after this change (a tombstone's: the deletion's)",
      },
      deleted: { enum: [0, 1] },
      changed_at: ref('Timestamp'),
      note: ref('Note'),
      tagging: ref('Tagging'),
      tag: ref('Tag'),
    },
    ['kind', 'id', 'revision', 'deleted', 'changed_at'],
  ),
  ChangesDocument: {
    description:
      'GET /user/changes: a page of the changes feed (docs/sync.md). Each item once, as it is now (a live one with its document, a deleted one as a tombstone); `cursor` is `since` for the next request, `more` 1 while changes remain after it.',
    ...object({
      changes: object(
        {
          change: { type: 'array', items: ref('Change') },
          cursor: str,
          more: { enum: [0, 1] },
          meta: ref('Meta'),
        },
        ['change', 'cursor', 'more'],
      ),
    }),
  },
  ImportDocument: object({
    import: object({
      taggings_added: int,
      taggings_skipped: int,
      notes_added: int,
      notes_skipped: int,
      meta: ref('Meta'),
    }),
  }),
  StatusDocument: document('statuses', 'status', ref('Status')),
  ReferencesDocument: document('references', 'reference', ref('FoundReference')),
  VersionsDocument: document('versions', 'version', ref('Version')),
  BookGroupsDocument: document('bookgroups', 'bookgroup', ref('BookGroup')),
  BooksDocument: document('books', 'book', ref('Book')),
  ChaptersDocument: document('chapters', 'chapter', ref('Chapter')),
  VersesDocument: document('verses', 'verse', ref('Verse')),
  TagsDocument: document('tags', 'tag', ref('Tag')),
  TaggingsDocument: document('taggings', 'tagging', ref('Tagging')),
  NotesDocument: document('notes', 'note', ref('Note')),
  TagListDocument: pagedDocument('tags', 'tag', ref('Tag')),
  TaggingListDocument: pagedDocument('taggings', 'tagging', ref('Tagging')),
  NoteListDocument: pagedDocument('notes', 'note', ref('Note')),
  UsersDocument: document('users', 'user', ref('User')),
  KeywordSearchDocument: object({
    search: object({
      result: object({
        type: { const: 'verses' },
        summary: object({
          query: str,
          start: int,
          total: int,
          rpp: int,
          sort: { enum: ['relevance', 'canonical'] },
          versions: str,
          testaments: str,
        }),
        spelling: nullable(object({ suggestion: { type: 'array', items: str } })),
        verses: object({ verse: { type: 'array', items: ref('Verse') } }),
      }),
      meta: ref('Meta'),
    }),
  }),
  ConcordanceDocument: object({
    search: object({
      result: object({
        type: { const: 'verses' },
        summary: object({
          strongs: {
            ...str,
            description:
              'the numbers searched, comma-separated (empty when a lemma heads no entry)',
          },
          lemma: { ...str, description: 'the lemma asked for (`lemma=`), as given' },
          start: int,
          total: int,
          rpp: int,
          words: {
            ...int,
            description:
              'words tagged with the numbers in the versions searched (whole versions): in the KJV its English phrases, an original word rendered by two phrases counted twice',
          },
          occurrences: {
            ...int,
            description:
              'original-language words tagged with the numbers in the versions searched (whole versions): in the WLC, TR and SBLGNT their words, in the KJV the Hebrew and Greek words its phrases render, each once',
          },
          versions: str,
          testaments: str,
          book: {
            type: 'array',
            items: object({ id: str, count: int }),
            description: 'verses per book within the filters',
          },
          rendering: {
            type: 'array',
            items: object({ version: str, text: str, count: int }),
            description: `how each version renders the numbers (whole versions): its ${RENDERINGS_LISTED} most frequent renderings (\`renderings=all\`: every one), most frequent first; the English as printed (\`I love\`, \`the LORD\`), renderings that differ only in case counted together under the form most of them print`,
          },
        }),
        verses: object({ verse: { type: 'array', items: ref('Verse') } }),
      }),
      meta: ref('Meta'),
    }),
  }),
  VerseSearchDocument: {
    description:
      'Keyword search (`keyword`) or the concordance of numbers (`strongs`) or of a lemma (`lemma`)',
    oneOf: [ref('KeywordSearchDocument'), ref('ConcordanceDocument')],
  },
  WordsDocument: object({
    words: object({
      version: str,
      chapter: object({ id: str, path: str }),
      verse: { type: 'array', items: ref('VerseWords') },
      copyright: str,
      meta: ref('Meta'),
    }),
  }),
  GreekDifferencesDocument: object({
    differences: object({
      chapter: object({ id: str, path: str }),
      summary: object({
        groups: { ...int, description: 'groups of verses compared (the verses holding one text)' },
        differing: { ...int, description: 'groups with at least one difference' },
        differences: int,
      }),
      group: {
        type: 'array',
        items: object({
          tr: object({ verse: { type: 'array', items: object({ id: str, path: str }) } }),
          sblgnt: object({ verse: { type: 'array', items: object({ id: str, path: str }) } }),
          difference: {
            type: 'array',
            items: object(
              {
                kind: {
                  enum: ['added', 'omitted', 'changed', 'spelling'],
                  description:
                    'added: SBLGNT words the TR lacks; omitted: TR words the SBLGNT lacks; changed: TR words the SBLGNT has otherwise; spelling: the same words spelt otherwise, word for word (a movable ν, an elided vowel)',
                },
                tr: object({
                  text: str,
                  word: {
                    type: 'array',
                    items: object({ verse: str, position: int, text: str }),
                  },
                }),
                sblgnt: object({
                  text: str,
                  word: {
                    type: 'array',
                    items: object({ verse: str, position: int, text: str }),
                  },
                }),
              },
              // `tr` is absent from an addition, `sblgnt` from an omission.
              ['kind'],
            ),
          },
        }),
      },
      copyright: str,
      meta: ref('Meta'),
    }),
  }),
  StrongsDocument: document('strongs', 'entry', ref('LexiconEntry')),

  // The reference library (src/library, docs/library.md).
  LibraryWork: object({
    id: str,
    name: str,
    author: str,
    year: int,
    lang: { ...str, description: 'ISO 639-3' },
    entries: { ...int, description: 'commentary entries' },
    copyright: str,
  }),
  LibraryPassage: object({
    reference: str,
    start: {
      ...str,
      description: 'first verse id (KJV numbering, the numbering of every library source)',
    },
    end: { ...str, description: 'last verse id' },
    path: {
      ...str,
      description:
        "our resource showing exactly the passage: a verse, a chapter, or a chapter's verse list",
    },
  }),
  CommentaryEntry: object(
    {
      id: { ...str, description: 'commentary and first verse, `MHCC:John.3.1`' },
      commentary: str,
      name: str,
      introduction: {
        enum: ['book', 'chapter'],
        description:
          'an introduction (verse 0 in the module): of the book, before chapter 1, or of the chapter',
      },
      passage: ref('LibraryPassage'),
      in_version: {
        ...ref('LibraryPassage'),
        description:
          "the same passage in the requested version when it is not the KJV: its book's name, its numbering (the verses holding the passage's text, through the versification map), its path; absent when the version holds none of it",
      },
      verses: object({
        verse: {
          type: 'array',
          items: int,
          description: "the requested chapter's verses it covers, in that version's numbering",
        },
      }),
      text: {
        ...str,
        description:
          'HTML subset `p b i ol li span[lang] a[href]`, links to verses, chapters, commentaries and topics: in the requested version where it holds the cited verses (through the versification map), else in the KJV',
      },
      truncated: { const: 'true' },
      whole: object({ path: str, pages: int }),
    },
    ['id', 'commentary', 'name', 'passage', 'verses', 'text'],
  ),
  CommentaryListDocument: document('commentaries', 'commentary', ref('LibraryWork')),
  CommentariesDocument: object({
    commentaries: object(
      {
        chapter: object({ path: str, name: str, id: str }),
        verse: object({ path: str, name: str, id: str }),
        entry: { type: 'array', items: ref('CommentaryEntry') },
        work: {
          type: 'array',
          items: ref('LibraryWork'),
          description: 'the commentaries the entries come from, with their copyright',
        },
        meta: ref('Meta'),
      },
      ['entry', 'work', 'meta'],
    ),
  }),
  CommentaryEntryDocument: document(
    'commentary',
    'entry',
    object(
      {
        id: str,
        commentary: str,
        name: str,
        introduction: { enum: ['book', 'chapter'] },
        passage: ref('LibraryPassage'),
        chapter: object({ path: str }),
        page: int,
        pages: int,
        text: str,
        next: object({ path: str }),
        previous: object({ path: str }),
        path: str,
        copyright: str,
      },
      [
        'id',
        'commentary',
        'name',
        'passage',
        'chapter',
        'page',
        'pages',
        'text',
        'path',
        'copyright',
      ],
    ),
  ),
  TopicLink: object({ id: str, name: str, path: str }),
  TopicListDocument: pagedDocument('topics', 'topic', ref('TopicLink')),
  TopicDocument: pagedDocument(
    'topics',
    'topic',
    object({
      id: str,
      name: str,
      path: str,
      subtopic: {
        type: 'array',
        description: 'the page of sub-topics (`summary` counts them)',
        items: object({
          index: int,
          depth: { enum: [0, 1] },
          text: { ...str, description: 'inline HTML of the subset' },
          passage: { type: 'array', items: ref('LibraryPassage') },
        }),
      },
      related: {
        type: 'array',
        items: object({
          id: str,
          name: str,
          path: str,
          link: {
            enum: ['see', 'see-from'],
            description: '`see`: the topic links to it; `see-from`: it links to the topic',
          },
        }),
      },
      copyright: str,
    }),
  ),
  CitingTopicsDocument: object({
    topics: object(
      {
        chapter: object({ path: str, name: str, id: str }),
        verse: object({ path: str, name: str, id: str }),
        topic: {
          type: 'array',
          items: object({
            id: str,
            name: str,
            path: str,
            line: {
              type: 'array',
              items: object({
                index: int,
                text: { ...str, description: 'the sub-topic as plain text, cut at 160 characters' },
              }),
            },
            verses: object({ verse: { type: 'array', items: int } }),
          }),
        },
        copyright: str,
        meta: ref('Meta'),
      },
      ['topic', 'copyright', 'meta'],
    ),
  }),
  CrossReferencesDocument: object({
    cross_references: object(
      {
        chapter: object({ path: str, name: str, id: str }),
        source: {
          ...str,
          description: 'the source of the lists: `TSK`, the Treasury of Scripture Knowledge',
        },
        basis: str,
        order: str,
        verse: {
          type: 'array',
          description:
            "a verse's request: the verse with its list; a chapter's: each verse of it that has references",
          items: object({
            path: str,
            name: str,
            id: str,
            reference: { type: 'array', items: ref('CrossReference') },
          }),
        },
        summary: object(
          {
            verses: { ...int, description: 'the verses listed' },
            total: { ...int, description: 'the references in the response' },
            texts: {
              ...int,
              description: 'with include=text: the references given with their text',
            },
            text_limit: {
              ...int,
              description: 'with include=text: the most references given with text',
            },
          },
          ['verses', 'total'],
        ),
        copyright: str,
        meta: ref('Meta'),
      },
      ['source', 'basis', 'order', 'verse', 'summary', 'copyright', 'meta'],
    ),
  }),
  CrossReference: object(
    {
      id: {
        ...str,
        description:
          "the target verse in the version asked for, or the KJV's where the version lacks the book or that text",
      },
      name: str,
      path: str,
      both_ways: {
        const: 'true',
        description: "present when the target's own list names the verse",
      },
      cited_with: {
        ...int,
        description:
          "how many of Nave's sub-topics and the commentaries' entries cite the verse and the target together",
      },
      text: {
        ...str,
        description: 'with include=text: the target verse as /verses gives its text',
      },
    },
    ['id', 'name', 'path', 'cited_with'],
  ),
  DownloadDocument: object({
    download: object({
      version: object(
        {
          id: str,
          version_id: int,
          name: str,
          abbreviation: str,
          lang: str,
          lang_name: str,
          lang_name_eng: str,
          info: str,
          copyright: str,
          footnotes_copyright: {
            ...str,
            description: "whose translators' notes they are, when the version has them",
          },
        },
        [
          'id',
          'version_id',
          'name',
          'abbreviation',
          'lang',
          'lang_name',
          'lang_name_eng',
          'info',
          'copyright',
        ],
      ),
      book: {
        type: 'array',
        description: "every book the snapshot holds chapters of, in the version's order",
        items: object({
          id: str,
          name: str,
          abbr: str,
          ord: int,
          testament: { enum: ['OT', 'NT', 'DEUT'] },
          chapter: {
            type: 'array',
            items: object({
              id: str,
              chapter: int,
              verse: {
                type: 'array',
                items: object(
                  {
                    id: str,
                    verse: int,
                    lastverse: int,
                    text: {
                      ...str,
                      description: "the verse's HTML, as /verses/{verse_id} gives it",
                    },
                    note: { type: 'array', items: ref('Footnote') },
                  },
                  ['id', 'verse', 'lastverse', 'text'],
                ),
              },
            }),
          },
        }),
      },
    }),
  }),
  ChecksumsDocument: object({
    checksums: object({
      version: str,
      download: {
        type: 'array',
        items: object({
          format: { enum: ['xml', 'js'] },
          path: str,
          bytes: int,
          sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        }),
      },
      book: {
        type: 'array',
        items: object({
          id: str,
          name: str,
          chapters: int,
          verses: int,
          checksum: {
            type: 'array',
            items: object({
              format: { enum: ['xml', 'js'] },
              bytes: int,
              sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
            }),
          },
        }),
      },
      summary: object({ books: int, chapters: int, verses: int }),
      meta: ref('Meta'),
    }),
  }),
  FootnotesDocument: object({
    footnotes: object(
      {
        chapter: object({ path: str, name: str, id: str }),
        version: { ...str, description: 'the version whose notes these are' },
        verse: {
          type: 'array',
          description:
            "a verse's request: the verse with its notes (none: an empty list); a chapter's: each verse of it that has notes",
          items: object({
            path: str,
            name: str,
            id: str,
            note: { type: 'array', items: ref('Footnote') },
          }),
        },
        summary: object({
          verses: { ...int, description: 'the verses listed' },
          total: { ...int, description: 'the notes in the response' },
          in_version: { ...int, description: "the version's notes in all" },
        }),
        copyright: { ...str, description: 'whose notes they are and on what terms' },
        meta: ref('Meta'),
      },
      ['version', 'verse', 'summary', 'copyright', 'meta'],
    ),
  }),
  Footnote: object(
    {
      title: {
        const: 'true',
        description: "present when the note is on the verse's title (a Psalm's), not its text",
      },
      offset: {
        ...int,
        description:
          "where the note stands: after this many characters (Unicode code points) of the verse's plain text (its `text` without markup) or of its title",
      },
      anchor: {
        ...str,
        description:
          "the words the note is on: the source's own (the KJV's margin names them; `…` where they go on), else the word before `offset`; empty for a note on a slot without text",
      },
      kind: {
        enum: [...FOOTNOTE_KINDS],
        description:
          'what the note is, where its source says (data/footnote-kinds.json: `Heb.` literal, `or,` alternative…); absent otherwise',
      },
      text: str,
    },
    ['offset', 'anchor', 'text'],
  ),
  RelatedDocument: object({
    related: object({
      verse: object({ path: str, name: str, id: str }),
      kind: { const: 'cited-with' },
      basis: str,
      passage: {
        type: 'array',
        description:
          "a LibraryPassage with how many citing units put it with the verse: in all, sub-topics of Nave's, commentary entries",
        items: object({
          reference: str,
          start: str,
          end: str,
          path: str,
          count: int,
          topics: int,
          commentaries: int,
        }),
      },
      summary: object({ shown: int, total: int }),
      meta: ref('Meta'),
    }),
  }),
  PassagesDocument: object({
    search: object({
      result: object({
        type: { const: 'passages' },
        passages: object({ passage: { type: 'array', items: ref('Passage') } }),
      }),
      meta: ref('Meta'),
    }),
  }),

  NoteBody: {
    description: '`{"note":{…}}`; `{"notes":{"note":{…}}}` and `{"notes":[{…}]}` are accepted too.',
    type: 'object',
    properties: {
      note: noteInput,
    },
    required: ['note'],
  },
  ReportBody: {
    type: 'object',
    properties: {
      report: {
        type: 'object',
        properties: { reason: { ...str, maxLength: MAX_REASON } },
        required: ['reason'],
      },
    },
    required: ['report'],
  },
  ModerationBody: {
    type: 'object',
    properties: {
      moderation: {
        type: 'object',
        properties: {
          action: { enum: Object.keys(MODERATION_ACTIONS) },
          reason: { ...str, maxLength: MAX_REASON },
        },
        required: ['action'],
      },
    },
    required: ['moderation'],
  },
  TaggingBody: {
    type: 'object',
    properties: {
      tagging: taggingInput,
    },
    required: ['tagging'],
  },
  ReferencesBody: {
    description: `\`{"texts":{"text":["…","…"]}}\` (XML: \`<texts><text>…</text>…</texts>\`): at most ${MAX_REFERENCE_TEXTS} texts of at most ${MAX_REFERENCE_TEXT_LENGTH} characters each`,
    type: 'object',
    properties: {
      texts: object({
        text: {
          oneOf: [
            { ...str, maxLength: MAX_REFERENCE_TEXT_LENGTH },
            {
              type: 'array',
              items: { ...str, maxLength: MAX_REFERENCE_TEXT_LENGTH },
              maxItems: MAX_REFERENCE_TEXTS,
            },
          ],
        },
      }),
    },
    required: ['texts'],
  },
  UserBody: {
    type: 'object',
    properties: {
      user: {
        type: 'object',
        properties: {
          first_name: str,
          last_name: str,
          display_name: {
            ...str,
            maxLength: 100,
            description: 'the name others see beside your public notes (empty: anonymous)',
          },
          email: str,
          password: {
            ...str,
            minLength: 8,
            description: 'a new password also rotates the API token',
          },
        },
      },
    },
    required: ['user'],
  },
};
