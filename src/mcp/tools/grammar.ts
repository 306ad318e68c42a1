import * as s from '../schema';
import { verseReference } from '../../catalogue/names';
import { FEATURES, VALUES, type FeatureName } from '../../snapshot/grammar-vocabulary';
import { scopeFilters } from '../../search/filters';
import { grammarOf, grammarRequestOf } from '../../study/grammar/search';
import { askedVersion } from '../references';
import { plainText } from '../text';
import { tool } from '../tool';
import { copyrightLine } from './scripture';
import { TAGGED_VERSION_CODES } from '../../api/tagged-versions';
import { page } from '../fields';

/** Verses grammar_search quotes a page (as search_text). */
export const GRAMMAR_PAGE = 10;

/** Each filter: one of the vocabulary's values (docs/study.md "Grammar search"), checked as the route checks it. */
const filters = Object.fromEntries(
  FEATURES.map((f) => [
    f,
    s
      .string()
      .max(40)
      .optional()
      .describe(`${f}: ${VALUES[f].join(', ')}`),
  ]),
) as Record<FeatureName, s.Optional<string>>;

export const grammarSearch = tool({
  name: 'grammar_search',
  title: 'Find verses by grammar',
  description: `Verses where one Hebrew, Aramaic or Greek word has every grammatical feature given (tense aorist, voice passive, mood participle; stem qal, form wayyiqtol; …), optionally of one Strong's number or lemma; in the tagged versions (${TAGGED_VERSION_CODES.join(', ')}; an English one through its tags, the matching English in *asterisks*). The count of verses and words, ${GRAMMAR_PAGE} verses a page, the versions' copyright. Tense, voice, mood and case are Greek; stem and form Hebrew and Aramaic.`,
  input: {
    ...filters,
    strongs: s
      .string()
      .max(40)
      .optional()
      .describe("Strong's number(s) of one language: H1961, G25"),
    lemma: s.string().max(100).optional().describe('A dictionary form: ἀγαπάω, אָהַב'),
    version: s
      .string()
      .max(40)
      .optional()
      .describe(
        `${TAGGED_VERSION_CODES.join(', ')}, comma-separated; default: every version that can answer`,
      ),
    book: s.string().max(200).optional().describe('OSIS book codes, comma-separated: Jonah, John'),
    page,
  },
  readOnly: true,
  // An argument it does not take (`keyword`, as GET /verses refuses beside a filter) is refused.
  strict: true,
  async run(args, ctx) {
    // As GET /verses with a grammatical filter: every search counts against the search limit.
    await ctx.countAgainst('search');
    const number = args.page ?? 1;
    const features: Partial<Record<FeatureName, string>> = {};
    for (const f of FEATURES) features[f] = args[f];
    // Read as the route reads its query: `strongs` with `lemma` is the same 400.
    const r = await grammarOf(ctx.snapshot, {
      ...grammarRequestOf({
        features,
        strongs: args.strongs,
        lemma: args.lemma,
        // Its arguments' comma text read as the route reads its query's.
        scope: scopeFilters({ version: args.version, book: args.book }),
      }),
      page: { offset: (number - 1) * GRAMMAR_PAGE, limit: GRAMMAR_PAGE },
    });
    const asked = r.filters.map((f) => `${f.name} ${f.value}`).join(', ');
    if (!r.total) return `No verse has a word with ${asked}.`;
    const pages = Math.ceil(r.total / GRAMMAR_PAGE);
    const lines = [
      `${r.total} verses (${r.occurrences} words) have a word with ${asked}; page ${number} of ${pages}${r.hits.length ? '' : ' (past the last page)'}:`,
    ];
    const versions = new Set<string>();
    for (const hit of r.hits) {
      const book = r.cat.books[hit.bookIndex];
      versions.add(book.version);
      lines.push(
        `${verseReference(book, hit.chapter, hit.entry.verse, hit.entry.lastverse)} (${book.version}): ${plainText(hit.entry.html, true)}`,
      );
    }
    if (number < pages) lines.push(`(more: page ${number + 1})`);
    lines.push('', ...[...versions].map((v) => copyrightLine(askedVersion(r.cat, v))));
    return lines.join('\n');
  },
});
