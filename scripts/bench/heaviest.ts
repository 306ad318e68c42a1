/**
 * The heaviest known input of every operation of the route table and of `/mcp`, by route: what
 * `npm run bench` measures (scripts/bench/heavy.ts: CPU per request and bytes, against the goals
 * and the route's declared answer budget, on the whole snapshot) and what the sweep test sends on
 * the test fixture (test/routes/bounds.test.ts, which fails on a route without a case here). Data
 * only, without Node's APIs, so that the Workers tests read it too.
 *
 * "Heaviest known": the inputs earlier measurements found the most costly for each route (the
 * longest chapter, Psalm 119; the most frequent words and numbers; the largest pages; a reader
 * at every quota, `personal`); docs/speed.md "The heaviest requests" gives their figures.
 */

import type { FinderName } from './worst';

export interface HeavyCase {
  /** The operation: `GET /verses/{verse_id}`, as the route table writes it (`POST /mcp`). */
  route: string;
  name: string;
  /** Path and query, with its suffix. */
  path: string;
  /**
   * Further inputs of the same shape, each a request the isolate has not answered before: the
   * measured rounds go through them in turn (`path` warms the code up), so that every round pays
   * for its own reads and rendering, as a caller who varies what it asks does, instead of a kept
   * answer or values the warm-up left in the isolate. The sweep test sends the first of them too.
   */
  rotate?: string[];
  /**
   * The finder whose inputs the rounds go through instead (scripts/bench/worst.ts): for a route
   * whose cost depends on what is asked, the bench finds the heaviest inputs on the whole snapshot.
   */
  find?: FinderName;
  /** Default GET. */
  method?: 'POST' | 'PUT' | 'DELETE';
  /** The request body (JSON) of a write. */
  body?: string;
  /** Whether the caller's own content changes the work (then it runs for the empty and the full account). */
  personal?: boolean;
  /**
   * The accounts it runs for instead (scripts/bench/heavy.ts HeavyAccounts: `psalm51`, every
   * reference on a Psalm the WLC numbers apart; `large`, fifty notes of 10,000 characters; `wide`
   * and `tagged`, the lists' worst shapes).
   */
  accounts?: (
    'empty' | 'full' | 'psalm51' | 'large' | 'others' | 'wide' | 'tagged' | 'crowd' | 'crowd2'
  )[];
  /** Exempt from the 1 MiB ceiling: the account's own export, a whole-version download. */
  exempt?: boolean;
  /**
   * Set apart from the 30 ms goal: the account's whole data in one document each way (the export,
   * the import), kept whole on purpose and bounded instead by TRANSFER_LIMITER
   * (docs/annotations.md "Export and import"). Its CPU is still printed.
   */
  cpuExempt?: boolean;
}

/** The ten most frequent Hebrew numbers (אֵת, יהוה, אֱלֹהִים, אָמַר, כֹּל, …): the most verses one concordance can ask for (MAX_NUMBERS). */
const FREQUENT_HEBREW = 'H853,H3068,H430,H559,H3605,H413,H5921,H834,H1961,H1121';
/**
 * References to one verse of each of 23 different chapters, in every version of the full build
 * (120 passages within MAX_PASSAGES, each its own chapter to read); `shift` takes the next 23
 * chapters of the Psalms, so that each request reads chapters the isolate has not read.
 */
const SCATTERED_PASSAGES = (shift: number) =>
  `version=ALL&q[]=${encodeURIComponent(
    Array.from({ length: 23 }, (_, i) => `Ps ${((shift * 23 + i) % 150) + 1}:1`).join('; '),
  )}`;
/** The most frequent English words of the KJV, the most a keyword search takes (words and excluded ones). */
const COMMON_WORDS = [
  'the',
  'and',
  'of',
  'to',
  'that',
  'in',
  'he',
  'shall',
  'unto',
  'for',
  'i',
  'his',
  'a',
  'lord',
  'they',
  'be',
  'is',
  'him',
  'not',
  'them',
  'it',
  'with',
  'all',
  'thou',
  'thy',
  'was',
  'god',
  'which',
  'my',
  'me',
  'said',
  'but',
  'ye',
  'their',
  'have',
  'will',
  'thee',
  'from',
  'as',
  'are',
];
/** A long `q[]`: the same long chapter three times, sixteen times over, in three versions. */
const LONG_PASSAGES = `version=KJV,ASV,WEB&${Array.from({ length: 16 }, () => `q[]=${encodeURIComponent('Ps 119; Ps 119; Ps 119')}`).join('&')}`;
/**
 * The texts that cost the reference parser most within a request's bounds: book names run
 * together, two numbers a text, a hundred texts (MAX_REFERENCE_NUMBERS, 200, in all).
 */
/**
 * The parser's costliest texts within POST /references' bounds (src/api/limits.ts), each distinct
 * (copies are parsed once): every number a reference (`Jo1Jo2`), and every word a book's name
 * before as few numbers as allowed.
 */
const PARSER_NUMBERS = JSON.stringify({
  texts: { text: Array.from({ length: 25 }, (_, i) => `Jo${i + 1}Jo${i + 2}`) },
});
const PARSER_WORDS = JSON.stringify({
  texts: {
    text: Array.from({ length: 25 }, (_, i) => `${'Jo '.repeat(4)}${i + 1} ${i + 2}`),
  },
});
/** The versions of the full build, the Old Testament's and the New's. */
const OT_VERSIONS = ['KJV', 'ASV', 'WEB', 'RV1909', 'WLC'];
const NT_VERSIONS = ['KJV', 'ASV', 'WEB', 'RV1909', 'TR', 'SBLGNT'];
/**
 * The longest chapters of each testament, in verses and words (Ps 119, 176 verses; Num 7 and
 * Ps 78, the longest after it; Luke 1 and Matt 26, the New Testament's): a chapter route's reads
 * and rendering grow with its chapter.
 */
const LONG_OT = ['Ps.119', 'Num.7', 'Ps.78', 'Ps.89', '1Chr.6'];
const LONG_NT = ['Luke.1', 'Matt.26', 'Mark.14', 'John.6'];
/** Each long chapter in each version that has it: `KJV:Ps.119`, …, as many as the rounds. */
const LONG_CHAPTERS = [
  ...LONG_OT.flatMap((c) => OT_VERSIONS.map((v) => `${v}:${c}`)),
  ...LONG_NT.flatMap((c) => NT_VERSIONS.map((v) => `${v}:${c}`)),
];
/** The suffixes of a route's three renderings: the page, XML, JSON. */
const FORMATS = ['', '.xml', '.js'];
/**
 * Inputs for the rounds, each new to the isolate: `make` of each item, in each of `formats`, so
 * that a kept answer or a value the warm-up read serves none of them (HeavyCase `rotate`).
 */
const rotate = (
  items: readonly string[],
  make: (item: string, format: string) => string,
  formats = FORMATS,
) => items.flatMap((item) => formats.map((f) => make(item, f)));
/** A note at the limits of one write: 10,000 characters and 100 references. */
const LARGEST_NOTE = JSON.stringify({
  note: {
    title: 'heavy',
    content: 'x'.repeat(10_000),
    references: {
      reference: Array.from({ length: 100 }, (_, i) => ({
        start: `KJV:Ps.119.${i + 1}`,
        end: `KJV:Ps.119.${i + 1}`,
      })),
    },
  },
});
const LARGEST_TAGGING = JSON.stringify({
  tagging: {
    name: 'heavy tag',
    references: {
      reference: Array.from({ length: 100 }, (_, i) => ({
        start: `KJV:Ps.119.${i + 1}`,
        end: `KJV:Ps.119.${i + 1}`,
      })),
    },
  },
});
/** An MCP call of the largest tool answer: a whole chapter's notes list, the longest passage. */
const mcpCall = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name, arguments: args },
  });

/** Long chapters with many translators' notes, in the two versions that have them. */
const FOOTNOTED_CHAPTERS = [
  'KJV:Ps.119',
  'WEB:Ps.119',
  'KJV:Num.7',
  'WEB:Luke.1',
  'KJV:Matt.26',
  'WEB:Gen.1',
  'KJV:Gen.1',
];

export const HEAVY_CASES: HeavyCase[] = [
  { route: 'GET /status', name: 'status', path: '/status.xml' },
  {
    route: 'GET /versions',
    name: 'versions page, each language and format',
    path: '/versions',
    rotate: rotate(['', 'eng', 'spa', 'hbo', 'grc', 'eng,spa', 'eng,hbo,grc'], (l, f) =>
      l ? `/versions${f}?language=${l}` : `/versions${f}`,
    ),
  },
  {
    route: 'GET /versions/{version_id}',
    name: 'a version page, each version and format',
    path: '/versions/WEB',
    rotate: rotate(NT_VERSIONS.concat('WLC'), (v, f) => `/versions/${v}${f}`),
  },
  {
    route: 'GET /versions/{version_id}/books',
    name: "a version's books, each version and format",
    path: '/versions/WEB/books',
    rotate: rotate(NT_VERSIONS.concat('WLC'), (v, f) => `/versions/${v}/books${f}`),
  },
  {
    route: 'GET /versions/{version_id}/download',
    name: 'download, the WEB as XML',
    path: '/versions/WEB/download.xml',
    exempt: true,
  },
  {
    route: 'GET /versions/{version_id}/checksums',
    name: "a version's checksums, each version and format",
    path: '/versions/WEB/checksums.xml',
    rotate: rotate(NT_VERSIONS.concat('WLC'), (v, f) => `/versions/${v}/checksums${f}`, [
      '.xml',
      '.js',
    ]),
  },
  {
    route: 'GET /bookgroups',
    name: 'book groups, each format',
    path: '/bookgroups',
    rotate: rotate([''], (_, f) => `/bookgroups${f}`),
  },
  {
    route: 'GET /bookgroups/{bookgroup_id}',
    name: 'a book group, each group and format',
    path: '/bookgroups/2',
    rotate: rotate(['1', '2', '3', '4', '5', '6', '7', '8', '9'], (g, f) => `/bookgroups/${g}${f}`),
  },
  {
    route: 'GET /bookgroups/{bookgroup_id}/books',
    name: "a book group's books in every version, each group and format",
    path: '/bookgroups/2/books.xml',
    rotate: rotate(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
      (g, f) => `/bookgroups/${g}/books${f}`,
    ),
  },
  {
    route: 'GET /books/{book_id}',
    name: 'a book page, Psalms and Matthew in each version and format',
    path: '/books/KJV:Ps',
    rotate: rotate(
      [...OT_VERSIONS.map((v) => `${v}:Ps`), ...NT_VERSIONS.map((v) => `${v}:Matt`)],
      (b, f) => `/books/${b}${f}`,
    ),
  },
  {
    route: 'GET /books/{book_id}/chapters',
    name: "a book's chapters, Psalms and Matthew in each version and format",
    path: '/books/KJV:Ps/chapters.xml',
    rotate: rotate(
      [...OT_VERSIONS.map((v) => `${v}:Ps`), ...NT_VERSIONS.map((v) => `${v}:Matt`)],
      (b, f) => `/books/${b}/chapters${f}`,
    ),
  },
  {
    route: 'GET /chapters/{chapter_id}',
    name: 'a long chapter, each version and format',
    path: '/chapters/KJV:Ps.119',
    personal: true,
    rotate: rotate(LONG_CHAPTERS, (c, f) => `/chapters/${c}${f}`),
  },
  {
    route: 'GET /chapters/{chapter_id}',
    name: 'a long chapter page with another version beside it (the interlinear of a tagged one)',
    path: '/chapters/WLC:Ps.119',
    rotate: LONG_CHAPTERS.map((c, i) => {
      const versions = c.startsWith('WLC') || c.startsWith('KJV') ? OT_VERSIONS : NT_VERSIONS;
      const other = versions[(i + 1) % versions.length];
      return `/chapters/${c}?parallel=${other}`;
    }),
  },
  {
    route: 'GET /chapters/{chapter_id}/verses',
    name: 'verses, Ps 117 to 119 with headings, and other ranges of three long chapters',
    path: '/chapters/KJV:Ps.117/verses.js?end_chapter=119&end=176&include_headings=true',
    rotate: rotate(
      [
        ...OT_VERSIONS.map((v) => `${v}:Ps.117|119|176`),
        ...OT_VERSIONS.map((v) => `${v}:Num.5|7|89`),
        ...NT_VERSIONS.map((v) => `${v}:Luke.1|2|52`),
      ],
      (r, f) => {
        const [start, endChapter, end] = r.split('|');
        return `/chapters/${start}/verses${f}?end_chapter=${endChapter}&end=${end}&include_headings=true`;
      },
      ['.xml', '.js'],
    ),
  },
  {
    route: 'GET /verses/random',
    name: 'a random verse, any version, each seed',
    path: '/verses/random.js?seed=2026-11-28',
    rotate: rotate(
      Array.from({ length: 10 }, (_, i) => `2026-12-${i + 10}`),
      (d, f) => `/verses/random${f}?seed=${d}`,
      ['.xml', '.js'],
    ),
  },
  {
    route: 'GET /verses/{verse_id}',
    name: "verse page, Ps 51:1, a reader's 49 notes of 10,000 characters and another's 49 public ones on it",
    path: '/verses/KJV:Ps.51.1',
    accounts: ['large', 'psalm51'],
    rotate: [
      'KJV:Ps.51.1',
      'WLC:Ps.51.3',
      'WLC:Ps.51.1',
      'WLC:Ps.51.2',
      'RV1909:Ps.51.1',
      'WEB:Ps.51.1',
      'ASV:Ps.51.1',
    ].map((v) => `/verses/${v}`),
  },
  {
    route: 'GET /verses/{verse_id}',
    name: 'a verse of a long chapter, each version and format',
    path: '/verses/KJV:Ps.119.1',
    personal: true,
    rotate: rotate(LONG_CHAPTERS, (c, f) => `/verses/${c}.1${f}`),
  },
  {
    route: 'GET /verses/{verse_id}/words',
    name: "a verse's words in each tagged version",
    path: '/verses/WLC:Ps.119.1/words.js',
    rotate: rotate(
      [
        ...LONG_OT.map((c) => `WLC:${c}`),
        ...LONG_OT.map((c) => `KJV:${c}`),
        ...LONG_NT.flatMap((c) => [`TR:${c}`, `SBLGNT:${c}`]),
      ],
      (c, f) => `/verses/${c}.1/words${f}`,
      ['.xml', '.js'],
    ),
  },
  {
    route: 'GET /chapters/{chapter_id}/words',
    name: "a long chapter's words in each tagged version and format",
    path: '/chapters/KJV:Ps.119/words.js',
    rotate: rotate(
      [
        ...LONG_OT.flatMap((c) => [`WLC:${c}`, `KJV:${c}`]),
        ...LONG_NT.flatMap((c) => [`TR:${c}`, `SBLGNT:${c}`, `KJV:${c}`]),
      ],
      (c, f) => `/chapters/${c}/words${f}`,
    ),
  },
  {
    route: 'GET /verses/{verse_id}/greek-differences',
    name: 'TR beside SBLGNT, the longest New Testament chapters, from each side and format',
    path: '/verses/TR:Matt.26/greek-differences.js',
    rotate: rotate(
      ['Matt.26', 'Luke.1', 'Mark.14', 'John.6', 'Acts.7', 'Matt.27'].flatMap((c) => [
        `TR:${c}`,
        `SBLGNT:${c}`,
      ]),
      (c, f) => `/verses/${c}/greek-differences${f}`,
      ['.xml', '.js'],
    ),
  },
  {
    route: 'GET /strongs/{number}',
    name: 'lexicon page, the most frequent numbers, each format',
    path: '/strongs/H853',
    rotate: rotate(
      ['H853', 'H3068', 'H430', 'H559', 'H3605', 'G3588', 'G2532', 'G846'],
      (n, f) => `/strongs/${n}${f}`,
    ),
  },
  {
    route: 'GET /commentaries',
    name: 'the commentaries, each format',
    path: '/commentaries.js',
    rotate: rotate([''], (_, f) => `/commentaries${f}`, ['.xml', '.js']),
  },
  {
    route: 'GET /chapters/{chapter_id}/commentaries',
    name: 'commentaries of the long Psalms, each version and format',
    path: '/chapters/KJV:Ps.119/commentaries.js',
    rotate: rotate(
      ['Ps.119', 'Ps.78', 'Ps.89', 'Ps.18', 'Ps.22', 'Ps.37', 'Ps.104'].flatMap((c) => [
        `KJV:${c}`,
        `WLC:${c}`,
      ]),
      (c, f) => `/chapters/${c}/commentaries${f}`,
    ),
  },
  {
    route: 'GET /verses/{verse_id}/commentaries',
    name: 'commentaries of the first verse of the long Psalms',
    path: '/verses/KJV:Ps.119.1/commentaries',
    rotate: rotate(
      ['Ps.119', 'Ps.78', 'Ps.89', 'Ps.18', 'Ps.22', 'Ps.37', 'Ps.104'].flatMap((c) => [
        `KJV:${c}`,
        `WLC:${c}`,
      ]),
      (c, f) => `/verses/${c}.1/commentaries${f}`,
    ),
  },
  {
    route: 'GET /commentaries/{commentary_id}/{verse_id}',
    name: "the commentaries' longest entries, page by page",
    path: '/commentaries/MHCC/KJV:Ps.119.1',
    rotate: rotate(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'],
      (page, f) => `/commentaries/TDavid/KJV:Ps.119.1${f}?page=${page}`,
      ['', '.js'],
    ),
  },
  {
    route: 'GET /topics',
    name: 'topic search, one letter words, each letter',
    path: '/topics.js?q=a&limit=500',
    rotate: rotate(
      ['a', 'i', 'o', 'e', 'the', 'of', 'and'],
      (q, f) => `/topics${f}?q=${q}&limit=500`,
    ),
  },
  {
    route: 'GET /topics/{topic_id}',
    name: 'the largest topics, each format',
    path: '/topics/jesus-the-christ.js',
    rotate: rotate(
      ['jesus-the-christ', 'god', 'israel', 'prayer', 'faith', 'love', 'sin'],
      (t, f) => `/topics/${t}${f}?limit=500`,
    ),
  },
  {
    route: 'GET /verses/{verse_id}/topics',
    name: 'topics of the most cited verses',
    path: '/verses/KJV:John.3.16/topics',
    rotate: rotate(
      [
        'KJV:John.3.16',
        'KJV:Rom.8.28',
        'KJV:Ps.119.105',
        'KJV:Gen.1.1',
        'KJV:Isa.53.5',
        'KJV:Heb.11.6',
        'KJV:Matt.5.3',
      ],
      (v, f) => `/verses/${v}/topics${f}`,
    ),
  },
  {
    route: 'GET /chapters/{chapter_id}/topics',
    name: 'topics of the long chapters',
    path: '/chapters/KJV:Ps.119/topics.js',
    rotate: rotate(
      [
        'KJV:Ps.119',
        'KJV:Matt.5',
        'KJV:Rom.8',
        'KJV:Luke.1',
        'KJV:Deut.28',
        'KJV:Isa.53',
        'WLC:Ps.119',
      ],
      (c, f) => `/chapters/${c}/topics${f}`,
    ),
  },
  {
    route: 'GET /verses/{verse_id}/cross-references',
    name: 'cross-references with text of the verses with the most',
    path: '/verses/KJV:Acts.24.25/cross-references.js?include=text',
    rotate: rotate(
      [
        'KJV:Acts.24.25',
        'KJV:Rom.8.28',
        'KJV:John.3.16',
        'KJV:Ps.119.105',
        'KJV:Isa.53.5',
        'KJV:Heb.11.6',
        'WLC:Ps.51.3',
      ],
      (v, f) => `/verses/${v}/cross-references${f}?include=text`,
    ),
  },
  {
    route: 'GET /chapters/{chapter_id}/cross-references',
    name: 'chapter cross-references with text, the largest answers',
    path: '/chapters/KJV:Ps.119/cross-references.js?include=text',
    find: 'cross-references',
  },
  {
    route: 'GET /verses/{verse_id}/footnotes',
    name: 'footnotes of the first verses of long chapters',
    path: '/verses/KJV:Ps.119.1/footnotes.js',
    rotate: rotate(FOOTNOTED_CHAPTERS, (c, f) => `/verses/${c}.1/footnotes${f}`),
  },
  {
    route: 'GET /chapters/{chapter_id}/footnotes',
    name: 'chapter footnotes of long chapters',
    path: '/chapters/KJV:Ps.119/footnotes.js',
    rotate: rotate(FOOTNOTED_CHAPTERS, (c, f) => `/chapters/${c}/footnotes${f}`),
  },
  {
    route: 'GET /verses/{verse_id}/related',
    name: 'cited with the most cited verses',
    path: '/verses/KJV:John.3.16/related',
    rotate: rotate(
      [
        'KJV:John.3.16',
        'KJV:Rom.8.28',
        'KJV:Ps.119.105',
        'KJV:Gen.1.1',
        'KJV:Isa.53.5',
        'KJV:Heb.11.6',
        'WLC:Ps.51.3',
      ],
      (v, f) => `/verses/${v}/related${f}`,
    ),
  },
  {
    route: 'GET /verses',
    name: 'concordance, 10 frequent numbers, largest page',
    path: `/verses.js?strongs=${FREQUENT_HEBREW}&limit=500`,
  },
  {
    route: 'GET /verses',
    name: 'concordance of a lemma (אֵת), largest page',
    path: `/verses.js?lemma=${encodeURIComponent('אֵת')}&limit=500`,
  },
  {
    route: 'GET /verses',
    name: 'concordance page, G3588 in the KJV, largest page',
    path: '/verses?strongs=G3588&version=KJV&limit=500',
    personal: true,
  },
  {
    route: 'GET /verses',
    name: 'concordance page with a 16 KB query of parameters it ignores',
    path: `/verses?strongs=G3588&version=KJV&limit=100&exclude=${'word+'.repeat(3_200)}`,
  },
  {
    route: 'GET /verses',
    // Nouns fill nearly every verse: the scan of every tagged version's whole grammar index
    // (`gm:`) and the most verses it can list.
    name: 'grammar search, the commonest part of speech in every tagged version, largest page',
    path: '/verses.js?pos=noun&limit=500',
  },
  {
    route: 'GET /verses',
    // A rare feature's page spreads over as many chapters as verses (`tense=pluperfect`).
    name: 'grammar search, the features whose pages span the most chapters, largest page',
    path: '/verses.js?tense=pluperfect&limit=100',
    find: 'grammar',
  },
  {
    route: 'GET /verses',
    name: "concordance, the Strong's numbers whose pages span the most chapters, largest page",
    path: '/verses.js?strongs=H3000,H3001,H3002,H3003,H3004,H3005,H3006,H3007,H3008,H3009&limit=100',
    find: 'concordance',
  },
  {
    route: 'GET /verses',
    name: 'keyword search, the words whose pages by relevance span the most chapters',
    path: '/verses.js?keyword=the&limit=100&offset=500',
    find: 'keyword',
  },
  {
    route: 'GET /verses',
    name: 'keyword search, the commonest word, largest page',
    path: '/verses.js?keyword=the&limit=500',
  },
  {
    route: 'GET /verses',
    name: 'keyword search, four common words, any, by relevance',
    path: '/verses.js?keyword=the+and+of+lord&precision=any&limit=500',
  },
  {
    route: 'GET /verses',
    name: 'keyword search, 16 common words and 16 excluded (MAX_CLAUSES each), any, by relevance',
    path: `/verses.js?keyword=${COMMON_WORDS.slice(0, 16).join('+')}&exclude=${COMMON_WORDS.slice(16, 32).join('+')}&precision=any&limit=100`,
    rotate: Array.from(
      { length: 8 },
      (_, i) =>
        `/verses.js?keyword=${COMMON_WORDS.slice(i, i + 16).join('+')}&exclude=${COMMON_WORDS.slice(i + 16, i + 32).join('+')}&precision=any&limit=100&offset=${i * 100}`,
    ),
  },
  {
    route: 'GET /verses',
    name: 'keyword results page, the commonest word, largest page',
    path: '/verses?keyword=the&limit=500',
    personal: true,
  },
  {
    route: 'POST /references',
    name: 'references in 25 distinct texts of book names and numbers run together (50 numbers)',
    path: '/references.js',
    method: 'POST',
    body: PARSER_NUMBERS,
  },
  {
    route: 'POST /references',
    name: 'references in 25 distinct texts of 4 book names before 2 numbers (100 words)',
    path: '/references.js',
    method: 'POST',
    body: PARSER_WORDS,
  },
  {
    route: 'GET /passages',
    name: 'passages page, Ps 119 ×48 in three versions',
    path: `/passages?${LONG_PASSAGES}`,
  },
  {
    route: 'GET /passages',
    name: 'passages, a verse of each of 23 Psalms in every version (115 passages, each its own chapter)',
    path: `/passages.js?${SCATTERED_PASSAGES(0)}`,
    rotate: rotate(
      ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
      (i, f) => `/passages${f}?${SCATTERED_PASSAGES(Number(i))}`,
      ['.js', ''],
    ),
  },
  {
    route: 'GET /passages',
    name: 'passages, Ps 119 ×48 in three versions',
    path: `/passages.js?${LONG_PASSAGES}`,
  },
  {
    route: 'GET /{versions}/passages',
    name: 'passages by path, Ps 119 ×48 in three versions',
    path: `/KJV,ASV,WEB/passages.js?${LONG_PASSAGES.slice(LONG_PASSAGES.indexOf('&') + 1)}`,
  },
  { route: 'GET /search', name: 'the search redirect', path: '/search.js?query=love' },
  { route: 'GET /user', name: 'the account', path: '/user.js', personal: true },
  {
    route: 'PUT /user',
    name: "the account's names",
    path: '/user.js',
    method: 'PUT',
    body: JSON.stringify({ user: { first_name: 'x'.repeat(100), last_name: 'y'.repeat(100) } }),
  },
  {
    route: 'GET /user/export',
    name: "the account's export",
    path: '/user/export.xml',
    personal: true,
    exempt: true,
    cpuExempt: true,
  },
  {
    route: 'GET /user/changes',
    name: 'changes feed, a first sync, largest page',
    path: '/user/changes.js?limit=200',
    personal: true,
  },
  {
    route: 'POST /user/import',
    name: 'an import of 100 notes at the limits',
    path: '/user/import.js',
    method: 'POST',
    cpuExempt: true,
    body: JSON.stringify({
      export: { notes: { note: Array.from({ length: 100 }, () => JSON.parse(LARGEST_NOTE).note) } },
    }),
  },
  {
    route: 'GET /tags',
    name: 'tag list, largest page',
    path: '/tags.js?limit=500',
    personal: true,
  },
  {
    route: 'GET /user/tags',
    name: "the reader's tags, largest page",
    path: '/user/tags.js?limit=500',
    personal: true,
  },
  {
    route: 'GET /tags/{tag}',
    name: 'a tag used by many',
    path: '/tags/heavy+tag+1.js?limit=500',
    personal: true,
  },
  {
    route: 'DELETE /tags/{tag}',
    name: 'delete a tag that does not exist',
    path: '/tags/no+such+tag.js',
    method: 'DELETE',
  },
  {
    route: 'GET /user/taggings',
    name: 'taggings, largest page',
    path: '/user/taggings.js?limit=500',
    personal: true,
  },
  {
    route: 'GET /user/taggings',
    name: 'taggings, largest page, 500 taggings of 20 references each',
    path: '/user/taggings.js?limit=500',
    accounts: ['tagged'],
    rotate: rotate(
      ['0', '100', '200', '300'],
      (o, f) => `/user/taggings${f}?limit=500&offset=${o}`,
    ),
  },
  {
    route: 'POST /user/taggings',
    name: 'a tagging of 100 references',
    path: '/user/taggings.js',
    method: 'POST',
    body: LARGEST_TAGGING,
  },
  {
    route: 'GET /user/taggings/{tag_name}',
    name: "a tag's taggings, largest page",
    path: '/user/taggings/heavy+tag+1.js?limit=500',
    personal: true,
  },
  {
    route: 'DELETE /user/taggings/{tag_name}',
    name: 'delete the taggings of a tag not used',
    path: '/user/taggings/no+such+tag.js',
    method: 'DELETE',
  },
  {
    route: 'GET /taggings/{tagging_id}',
    name: 'a tagging',
    path: '/taggings/1.js',
    personal: true,
  },
  {
    route: 'PUT /taggings/{tagging_id}',
    name: 'update a tagging not there',
    path: '/taggings/999999999.js',
    method: 'PUT',
    body: LARGEST_TAGGING,
  },
  {
    route: 'DELETE /taggings/{tagging_id}',
    name: 'delete a tagging not there',
    path: '/taggings/999999999.js',
    method: 'DELETE',
  },
  {
    route: 'GET /chapters/{chapter_id}/annotations',
    name: 'chapter annotations, Ps 119',
    path: '/chapters/KJV:Ps.119/annotations.js?limit=500',
    personal: true,
  },
  {
    route: 'GET /chapters/{chapter_id}/annotations',
    name: 'chapter annotations, Ps 51 (10,000 references on it in four versions, the WLC numbering it apart)',
    path: '/chapters/WLC:Ps.51/annotations.js?limit=500',
    accounts: ['psalm51'],
    rotate: rotate(
      ['KJV', 'WLC', 'RV1909', 'WEB'].flatMap((v) => [0, 200, 400].map((o) => `${v}:Ps.51|${o}`)),
      (c, f) => {
        const [chapter, offset] = c.split('|');
        return `/chapters/${chapter}/annotations${f}?limit=500&offset=${offset}`;
      },
      ['.js', '.xml'],
    ),
  },
  {
    route: 'GET /user/notes',
    name: 'notes, largest page',
    path: '/user/notes.js?limit=500',
    accounts: ['empty', 'full', 'large'],
    rotate: rotate(['0', '500', '1000', '1500'], (o, f) => `/user/notes${f}?limit=500&offset=${o}`),
  },
  {
    route: 'GET /user/notes',
    name: 'notes, largest page, 200 notes of 2,490 characters and 50 references each',
    path: '/user/notes.js?limit=200',
    accounts: ['wide'],
    rotate: rotate(['0', '40', '80', '120'], (o, f) => `/user/notes${f}?limit=200&offset=${o}`),
  },
  {
    route: 'POST /user/notes',
    name: 'a note at the limits',
    path: '/user/notes.js',
    method: 'POST',
    body: LARGEST_NOTE,
  },
  {
    route: 'POST /notes',
    name: 'a note at the limits',
    path: '/notes.js',
    method: 'POST',
    body: LARGEST_NOTE,
  },
  { route: 'GET /notes/{note_id}', name: 'a note', path: '/notes/1.js', personal: true },
  {
    route: 'PUT /notes/{note_id}',
    name: 'update a note not there',
    path: '/notes/999999999.js',
    method: 'PUT',
    body: LARGEST_NOTE,
  },
  {
    route: 'DELETE /notes/{note_id}',
    name: 'delete a note not there',
    path: '/notes/999999999.js',
    method: 'DELETE',
  },
  {
    route: 'GET /chapters/{chapter_id}/public-notes',
    name: 'public notes of Ps 119',
    path: '/chapters/KJV:Ps.119/public-notes.js?limit=200',
    personal: true,
  },
  {
    route: 'GET /chapters/{chapter_id}/public-notes',
    name: 'public notes of Ps 51: 98 of 10,000 characters and 200 short ones, each version and format',
    path: '/chapters/KJV:Ps.51/public-notes.js?limit=200',
    accounts: ['empty', 'large'],
    rotate: rotate(
      ['KJV', 'WLC', 'RV1909', 'WEB', 'ASV'],
      (v, f) => `/chapters/${v}:Ps.51/public-notes${f}?limit=200`,
    ),
  },
  {
    route: 'GET /chapters/{chapter_id}/public-notes',
    name: "public notes of Ps 23: 20,000 references, two accounts' 400 notes of 50 each, each version and format",
    path: '/chapters/KJV:Ps.23/public-notes.js?limit=200',
    rotate: rotate(
      ['KJV', 'WLC', 'RV1909', 'WEB', 'ASV'],
      (v, f) => `/chapters/${v}:Ps.23/public-notes${f}?limit=200`,
    ),
  },
  {
    route: 'GET /verses/{verse_id}/public-notes',
    name: 'public notes of Ps 119:1',
    path: '/verses/KJV:Ps.119.1/public-notes.js?limit=200',
    personal: true,
  },
  {
    route: 'GET /verses/{verse_id}/public-notes',
    name: 'public notes of Ps 51:1, 98 of 10,000 characters, each version and format',
    path: '/verses/KJV:Ps.51.1/public-notes.js?limit=200',
    accounts: ['empty', 'large'],
    rotate: rotate(
      ['KJV:Ps.51.1', 'WLC:Ps.51.3', 'RV1909:Ps.51.1', 'WEB:Ps.51.1', 'ASV:Ps.51.1'],
      (v, f) => `/verses/${v}/public-notes${f}?limit=200`,
    ),
  },
  {
    route: 'POST /notes/{note_id}/reports',
    name: 'report a note not there',
    path: '/notes/999999999/reports.js',
    method: 'POST',
    body: JSON.stringify({ report: { reason: 'r'.repeat(500) } }),
  },
  {
    route: 'GET /moderation/queue',
    name: 'the moderation queue (498 reported notes, 98 of 10,000 characters), each page and format',
    path: '/moderation/queue.js?limit=500',
    personal: true,
    rotate: rotate(
      ['0', '100', '200', '300', '400'],
      (o, f) => `/moderation/queue${f}?limit=500&offset=${o}`,
    ),
  },
  {
    route: 'PUT /moderation/notes/{note_id}',
    name: 'a decision on a note not there',
    path: '/moderation/notes/999999999.js',
    method: 'PUT',
    body: JSON.stringify({ moderation: { action: 'hide', reason: 'r'.repeat(500) } }),
  },
  {
    route: 'GET /moderation/log',
    name: 'the moderation log',
    path: '/moderation/log.js?limit=500',
    personal: true,
  },
  { route: 'GET /', name: 'the home page', path: '/' },
  { route: 'GET /openapi.json', name: 'the description', path: '/openapi.json' },
  { route: 'GET /docs', name: 'the description as a page', path: '/docs' },
  {
    route: 'GET /assets/*',
    name: 'the largest script, the interlinear',
    path: '/assets/interlinear.js',
  },
  {
    route: 'POST /mcp',
    name: 'MCP: a whole chapter through lookup_passage',
    path: '/mcp',
    method: 'POST',
    body: mcpCall('lookup_passage', { reference: 'Psalm 119' }),
  },
  {
    route: 'POST /mcp',
    name: 'MCP: a grammar search of a rare feature',
    path: '/mcp',
    method: 'POST',
    body: mcpCall('grammar_search', { tense: 'pluperfect', limit: 100 }),
  },
  {
    route: 'POST /mcp',
    name: "MCP: the reader's notes",
    path: '/mcp',
    method: 'POST',
    body: mcpCall('list_my_notes', {}),
    accounts: ['empty', 'full', 'large'],
  },
];

/** The route of a table operation as the cases name it (every asset and font is one `GET /assets/*`). */
export const caseRouteOf = (method: string, path: string): string =>
  `${method.toUpperCase()} ${path.startsWith('/assets/') ? '/assets/*' : path}`;
