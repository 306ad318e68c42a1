import { ref, str, int, object, document, pagedDocument, type Schema } from './shapes';

/** The JSON Schemas of the Library operations' documents and bodies (all of them: ../schemas.ts). */
export function librarySchemas() {
  return {
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
                  text: {
                    ...str,
                    description: 'the sub-topic as plain text, cut at 160 characters',
                  },
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
  } satisfies Record<string, Schema>;
}
