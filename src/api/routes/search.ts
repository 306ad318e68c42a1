import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  MAX_NUMBERS,
  MAX_PAGE_VALUES,
  RENDERINGS_LISTED,
  MAX_REFERENCE_NUMBERS,
  MAX_REFERENCE_WORDS,
  MAX_REFERENCE_TEXT_LENGTH,
  MAX_REFERENCE_TEXTS,
} from '../limits';
import {
  CHAPTER_ANSWER_BYTES,
  KV_READS,
  NO_BODY,
  PAGE_ANSWER_BYTES,
  REFERENCES_BODY_BYTES,
  RESOURCE_ANSWER_BYTES,
} from '../budgets';
import { FEATURES, VALUES, type FeatureName } from '../../snapshot/grammar-vocabulary';
import { p, q, INCLUDE_HEADINGS } from './params';
import { unlimited, limited } from './presets';
import { tagged, type Param } from '../operation';

/** What each grammatical filter of /verses reads (docs/study.md "Grammar search"). */
const GRAMMAR_FEATURE: Record<FeatureName, string> = {
  pos: 'Part of speech',
  tense: 'Greek tense (second tenses are their tense)',
  voice: 'Greek voice (deponents are filed under the voice of their form)',
  mood: 'Greek mood (participles and infinitives too)',
  person: 'Person',
  number: 'Number',
  gender: 'Gender (`common`: also a Hebrew noun of either gender)',
  case: 'Greek case',
  stem: 'Hebrew or Aramaic verb stem (binyan)',
  form: 'Hebrew or Aramaic verb form (`infinitive`: either infinitive; the KJV says no more, nor tells a wayyiqtol from an imperfect)',
};

/**
 * Grammar search's filters: any of them makes /verses a grammar search, the verses where one word
 * (an OSHB morpheme) has every feature given, with `strongs` or `lemma` on that same word; a
 * value the text searched cannot say is a 400 that names it.
 */
const GRAMMAR_PARAMS: Param[] = FEATURES.map((f) =>
  q(f, `${GRAMMAR_FEATURE[f]}: grammar search`, { type: 'string', enum: [...VALUES[f]] }),
);

/** A look-up of passages: counts against the passage limit when it reads more than a chapter. */
const PASSAGES = limited(
  'passage',
  PAGE_ANSWER_BYTES,
  NO_BODY,
  KV_READS.page,
  'more verses than the longest chapter (176)',
);

/** The Search operations, in the order the description lists them. */
export const SEARCH_ROUTES = tagged('Search', [
  {
    method: 'get',
    path: '/verses',
    bounds: limited('search', PAGE_ANSWER_BYTES, NO_BODY, KV_READS.search),
    summary:
      "Keyword search, the concordance of Strong's numbers or of a lemma, or grammar search (pos, tense, stem, form, …: the verses where one word has every feature asked for)",
    params: [
      q(
        'keyword',
        'Words; a quoted phrase must match in order (this, `strongs` or `lemma` is required)',
      ),
      q(
        'strongs',
        `A Strong's number (\`H157\`, \`G25\`), or up to ${MAX_NUMBERS} of one language comma-separated: the concordance, every verse where one occurs in the tagged versions, in canonical order, the words that render it in \`<em>\`; \`keyword\`'s options other than the filters and paging do not apply`,
      ),
      q(
        'lemma',
        "A Hebrew or Greek dictionary form, with or without points and accents (`אָהַב`, `ἀγαπάω`, `αγαπαω`): the concordance of the Strong's numbers whose lexicon headword it is (homographs together), so every inflected form is found; none heads it: no verses",
      ),
      ...GRAMMAR_PARAMS,
      q('precision', '`all` (default) or `any`', { enum: ['all', 'any'] }),
      q('exclude', 'Words that must not appear'),
      q('spelling', '`yes`: suggest words when nothing matches', { enum: ['yes', 'no'] }),
      q('version', 'Version codes, comma-separated'),
      q('language', 'Languages (ISO 639-3), comma-separated'),
      q('testament', '`OT`, `NT`, `DEUT`, comma-separated'),
      q('book', 'OSIS book codes, comma-separated'),
      q('sort_order', '`relevance` (default) or `canonical`', { enum: ['relevance', 'canonical'] }),
      q('offset', 'Results to skip', { type: 'integer', minimum: 0 }),
      q(
        'limit',
        `Results per page: default ${DEFAULT_LIMIT}, larger values are clamped to ${MAX_LIMIT} (each result carries its verse's text; \`summary.rpp\` shows the value used); a page whose verses are far apart also ends before it reads more than ${MAX_PAGE_VALUES} values of text (a chapter each for keyword search, a block of four verses' text and words for the concordance and grammar search), and \`summary.rpp\` then gives how many it holds`,
        { type: 'integer', minimum: 1 },
      ),
      q(
        'renderings',
        `The concordance's \`summary.rendering\`: \`top\` (default) lists each version's ${RENDERINGS_LISTED} most frequent renderings, \`all\` every one`,
        { enum: ['top', 'all'] },
      ),
    ],
    response: 'VerseSearchDocument',
    errors: [400, 404, 429],
  },
  {
    method: 'post',
    path: '/references',
    bounds: limited('references', CHAPTER_ANSWER_BYTES, REFERENCES_BODY_BYTES, KV_READS.none),
    summary: `Find the references in short texts, as the passages parser reads them, with where each stands (the tagger's, docs/tagger.md): at most ${MAX_REFERENCE_TEXTS} texts of ${MAX_REFERENCE_TEXT_LENGTH} characters each, holding at most ${MAX_REFERENCE_NUMBERS} numbers and ${MAX_REFERENCE_WORDS} words together (413 beyond), each read apart; a body of another shape is a 400; nothing is stored`,
    formats: ['xml', 'js'],
    params: [q('language', '`eng` (the default) or `spa`: the language the texts are read in')],
    body: 'ReferencesBody',
    response: 'ReferencesDocument',
    errors: [400, 413, 415],
  },
  {
    method: 'get',
    path: '/passages',
    bounds: PASSAGES,
    summary: 'Look passages up by reference',
    params: [
      {
        ...q('q[]', 'A reference such as `John 3:16-18` (repeatable; `q[0]`, `q` also work)'),
        required: true,
      },
      q('version', 'Version codes, comma-separated, or `ALL`'),
      INCLUDE_HEADINGS,
    ],
    response: 'PassagesDocument',
    errors: [400, 404, 429],
  },
  {
    method: 'get',
    path: '/{versions}/passages',
    bounds: PASSAGES,
    summary: 'Look passages up in the versions named in the path',
    params: [
      p('versions', 'Version codes, comma-separated, or `ALL`', 'KJV,ASV'),
      { ...q('q[]', 'A reference'), required: true },
      INCLUDE_HEADINGS,
    ],
    response: 'PassagesDocument',
    errors: [400, 404, 429],
  },
  {
    method: 'get',
    path: '/search',
    bounds: unlimited('redirect', RESOURCE_ANSWER_BYTES, KV_READS.catalogue),
    summary:
      "Automatic search: 302 to the passage lookup for a reference, to the lexicon entry for a Strong's number such as G25, to the keyword search otherwise",
    params: [
      { ...q('query', "A reference, a Strong's number or words"), required: true },
      q('version', 'Version codes, comma-separated'),
    ],
    status: 302,
    errors: [400],
  },
]);
