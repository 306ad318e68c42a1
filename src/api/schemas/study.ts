import { MORPH_SCHEMES, type MorphScheme } from '../../snapshot/study-types';
import { ref, str, int, object, document, type Schema } from './shapes';
import { ORIGINAL_TAGGED_VERSIONS } from '../tagged-versions';

/** What each morphology scheme's codes are, for the description of a word's `scheme`. */
const SCHEME_NAMES: Record<MorphScheme, string> = {
  robinson: "Robinson's codes (Greek)",
  strongMorph: "Strong's tense numbers (the KJV's Hebrew verbs)",
  oshb: "the Open Scriptures Hebrew Bible's codes",
  morphgnt: "MorphGNT's parsing of the SBL Greek New Testament",
};

/** The JSON Schemas of the Study operations' documents and bodies (all of them: ../schemas.ts). */
export function studySchemas() {
  return {
    StrongsLink: object(
      {
        id: { ...str, description: "normalized Strong's number: `H157`, `G25`" },
        path: { ...str, description: 'its lexicon entry, `/strongs/G25`' },
        word: {
          ...str,
          description: "the lexicon's headword (absent for a number no lexicon has)",
        },
      },
      ['id', 'path'],
    ),
    Morphology: object({
      scheme: {
        enum: [...MORPH_SCHEMES],
        description: MORPH_SCHEMES.map((scheme) => SCHEME_NAMES[scheme]).join(', '),
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
        text: {
          ...str,
          description: "as printed; '' for a Greek word the KJV leaves untranslated",
        },
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
              description: `original-language words tagged with the number: in the ${ORIGINAL_TAGGED_VERSIONS} their words, in the KJV the Hebrew and Greek words its phrases render, each once`,
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
          groups: {
            ...int,
            description: 'groups of verses compared (the verses holding one text)',
          },
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
  } satisfies Record<string, Schema>;
}
