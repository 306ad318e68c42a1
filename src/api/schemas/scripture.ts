import { FOOTNOTE_KINDS, TESTAMENTS } from '../../snapshot/types';
import { ref, str, int, object, link, withSiblings, document, type Schema } from './shapes';

/** The JSON Schemas of the Scripture operations' documents and bodies (all of them: ../schemas.ts). */
export function scriptureSchemas() {
  return {
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
    VersionsDocument: document('versions', 'version', ref('Version')),
    BookGroupsDocument: document('bookgroups', 'bookgroup', ref('BookGroup')),
    BooksDocument: document('books', 'book', ref('Book')),
    ChaptersDocument: document('chapters', 'chapter', ref('Chapter')),
    VersesDocument: document('verses', 'verse', ref('Verse')),
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
  } satisfies Record<string, Schema>;
}
