import { MAX_REFERENCE_TEXT_LENGTH, MAX_REFERENCE_TEXTS, RENDERINGS_LISTED } from '../limits';
import { ref, str, int, nullable, object, document, type Schema } from './shapes';
import { ORIGINAL_TAGGED_VERSIONS } from '../tagged-versions';

/** The JSON Schemas of the Search operations' documents and bodies (all of them: ../schemas.ts). */
export function searchSchemas() {
  return {
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
    ReferencesDocument: document('references', 'reference', ref('FoundReference')),
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
              description: `original-language words tagged with the numbers in the versions searched (whole versions): in the ${ORIGINAL_TAGGED_VERSIONS} their words, in the KJV the Hebrew and Greek words its phrases render, each once`,
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
    PassagesDocument: object({
      search: object({
        result: object({
          type: { const: 'passages' },
          passages: object({ passage: { type: 'array', items: ref('Passage') } }),
        }),
        meta: ref('Meta'),
      }),
    }),

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
  } satisfies Record<string, Schema>;
}
