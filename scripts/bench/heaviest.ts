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

export interface HeavyCase {
  /** The operation: `GET /verses/{verse_id}`, as the route table writes it (`POST /mcp`). */
  route: string;
  name: string;
  /** Path and query, with its suffix. */
  path: string;
  /** Default GET. */
  method?: 'POST' | 'PUT' | 'DELETE';
  /** The request body (JSON) of a write. */
  body?: string;
  /** Whether the caller's own content changes the work (then it runs for both accounts). */
  personal?: boolean;
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

export const HEAVY_CASES: HeavyCase[] = [
  { route: 'GET /status', name: 'status', path: '/status.xml' },
  { route: 'GET /versions', name: 'versions page', path: '/versions' },
  { route: 'GET /versions/{version_id}', name: 'a version page, WEB', path: '/versions/WEB' },
  {
    route: 'GET /versions/{version_id}/books',
    name: "the WEB's books page",
    path: '/versions/WEB/books',
  },
  {
    route: 'GET /versions/{version_id}/download',
    name: 'download, the WEB as XML',
    path: '/versions/WEB/download.xml',
    exempt: true,
  },
  {
    route: 'GET /versions/{version_id}/checksums',
    name: "the WEB's checksums",
    path: '/versions/WEB/checksums.xml',
  },
  { route: 'GET /bookgroups', name: 'book groups page', path: '/bookgroups' },
  { route: 'GET /bookgroups/{bookgroup_id}', name: 'a book group page', path: '/bookgroups/2' },
  {
    route: 'GET /bookgroups/{bookgroup_id}/books',
    name: "a book group's books",
    path: '/bookgroups/2/books.xml',
  },
  { route: 'GET /books/{book_id}', name: 'book page, Psalms', path: '/books/KJV:Ps' },
  {
    route: 'GET /books/{book_id}/chapters',
    name: "Psalms' chapters",
    path: '/books/KJV:Ps/chapters.xml',
  },
  {
    route: 'GET /chapters/{chapter_id}',
    name: 'chapter page, Ps 119',
    path: '/chapters/KJV:Ps.119',
    personal: true,
  },
  {
    route: 'GET /chapters/{chapter_id}',
    name: 'chapter page, WLC Ps 119 (interlinear)',
    path: '/chapters/WLC:Ps.119',
  },
  {
    route: 'GET /chapters/{chapter_id}/verses',
    name: 'verses, Ps 117 to 119 with headings',
    path: '/chapters/KJV:Ps.117/verses.js?end_chapter=119&end=176&include_headings=true',
  },
  {
    route: 'GET /verses/random',
    name: 'a random verse, any version',
    path: '/verses/random.js?seed=2026-11-28',
  },
  {
    route: 'GET /verses/{verse_id}',
    name: 'verse page, Ps 119:1',
    path: '/verses/KJV:Ps.119.1',
    personal: true,
  },
  {
    route: 'GET /verses/{verse_id}/words',
    name: "a verse's words, WLC Ps 119:1",
    path: '/verses/WLC:Ps.119.1/words.js',
  },
  {
    route: 'GET /chapters/{chapter_id}/words',
    name: 'chapter words, Ps 119',
    path: '/chapters/KJV:Ps.119/words.js',
  },
  {
    route: 'GET /verses/{verse_id}/greek-differences',
    name: 'TR beside SBLGNT, Matt 26 (the longest New Testament chapter in words)',
    path: '/verses/TR:Matt.26/greek-differences.js',
  },
  { route: 'GET /strongs/{number}', name: 'lexicon page, H853', path: '/strongs/H853' },
  { route: 'GET /commentaries', name: 'the commentaries', path: '/commentaries.js' },
  {
    route: 'GET /chapters/{chapter_id}/commentaries',
    name: 'commentaries of Ps 119',
    path: '/chapters/KJV:Ps.119/commentaries.js',
  },
  {
    route: 'GET /verses/{verse_id}/commentaries',
    name: 'commentaries of Ps 119:1',
    path: '/verses/KJV:Ps.119.1/commentaries',
  },
  {
    route: 'GET /commentaries/{commentary_id}/{verse_id}',
    name: "Matthew Henry's on Ps 119:1",
    path: '/commentaries/MHCC/KJV:Ps.119.1',
  },
  {
    route: 'GET /topics',
    name: 'topic search, one letter words',
    path: '/topics.js?q=a&limit=500',
  },
  {
    route: 'GET /topics/{topic_id}',
    name: 'topic, JESUS, THE CHRIST',
    path: '/topics/jesus-the-christ.js',
  },
  {
    route: 'GET /verses/{verse_id}/topics',
    name: 'topics of John 3:16',
    path: '/verses/KJV:John.3.16/topics',
  },
  {
    route: 'GET /chapters/{chapter_id}/topics',
    name: 'topics of Ps 119',
    path: '/chapters/KJV:Ps.119/topics.js',
  },
  {
    route: 'GET /verses/{verse_id}/cross-references',
    name: 'cross-references with text, Acts 24:25 (97)',
    path: '/verses/KJV:Acts.24.25/cross-references.js?include=text',
  },
  {
    route: 'GET /chapters/{chapter_id}/cross-references',
    name: 'chapter cross-references with text, Ps 119',
    path: '/chapters/KJV:Ps.119/cross-references.js?include=text',
  },
  {
    route: 'GET /verses/{verse_id}/footnotes',
    name: 'footnotes of Ps 119:1',
    path: '/verses/KJV:Ps.119.1/footnotes.js',
  },
  {
    route: 'GET /chapters/{chapter_id}/footnotes',
    name: 'chapter footnotes, KJV Ps 119',
    path: '/chapters/KJV:Ps.119/footnotes.js',
  },
  {
    route: 'GET /verses/{verse_id}/related',
    name: 'cited with John 3:16',
    path: '/verses/KJV:John.3.16/related',
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
    route: 'GET /user/notes',
    name: 'notes, largest page',
    path: '/user/notes.js?limit=500',
    personal: true,
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
    route: 'GET /verses/{verse_id}/public-notes',
    name: 'public notes of Ps 119:1',
    path: '/verses/KJV:Ps.119.1/public-notes.js?limit=200',
    personal: true,
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
    name: 'the moderation queue',
    path: '/moderation/queue.js?limit=500',
    personal: true,
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
    name: "MCP: the reader's notes",
    path: '/mcp',
    method: 'POST',
    body: mcpCall('list_my_notes', {}),
    personal: true,
  },
];

/** The route of a table operation as the cases name it (every asset and font is one `GET /assets/*`). */
export const caseRouteOf = (method: string, path: string): string =>
  `${method.toUpperCase()} ${path.startsWith('/assets/') ? '/assets/*' : path}`;
