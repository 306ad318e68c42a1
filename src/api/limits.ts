/**
 * The bounds of the contract that more than one module reads: what the route table tells the
 * OpenAPI description and the modules that enforce them. Each names the limit or the measure
 * that chose it.
 */

/** Results per page of a keyword search or a concordance when `limit` is not given (the original's 15). */
export const DEFAULT_LIMIT = 15;

/**
 * Results one page of a search carries at most (keyword search and the concordance); larger
 * limits are clamped to it and `rpp` shows the value used, so a client written for the original's
 * 500 pages on. Every result carries its verse's text, marked: on the 2-core build machine 500 of
 * them cost 60–110 ms of CPU and ~450 KB, 100 of them 20–30 ms (docs/speed.md "The heaviest
 * requests"); a Worker on the free plan has 10 ms, a paid one's default 30 s.
 */
export const MAX_LIMIT = 100;

/**
 * Values of verse text one page of search results reads at most (keyword search: a chapter each;
 * the concordance and the grammar search: a block of verses' text and its words, src/snapshot/
 * verse-blocks.ts, two each). A page of a rare word, number or feature scatters its verses over
 * as many chapters as it holds, and each KV value read costs the request: 200 of them cost 100–
 * 110 ms of the worker's CPU on the 2-core build machine (docs/speed.md "The heaviest requests").
 * A page whose verses are far apart ends before it would read more, and `summary.rpp` says how many
 * verses it holds; one whose verses are near each other holds up to MAX_LIMIT.
 */
export const MAX_PAGE_VALUES = 32;

/**
 * Numbers one search takes at most (`strongs=H157,H158,…`): a lemma's homographs are a few, and
 * twenty of the most frequent Hebrew numbers cost 20–36 ms of CPU on the 2-core build machine for
 * a page of 100 verses, ten of them 18–29 ms (docs/speed.md "The heaviest requests").
 */
export const MAX_NUMBERS = 10;

/**
 * Renderings a concordance's summary lists per version (`rendering`), the most frequent: the
 * KJV renders H3068 in 492 phrases and G3588 in 3,765, which the concordance page can show (and
 * the snapshot holds) but the API's answer, read for its verses, need not carry.
 */
export const RENDERINGS_LISTED = 50;

/**
 * How many accounts must use a tag before everyone sees it (src/annotations/personal/taggings.ts
 * visibleTo): fewer, and one account could fill or deface the list every reader sees.
 */
export const TAG_LIST_MIN_ACCOUNTS = 2;

/**
 * Targets whose text one cross-reference response carries at most (`include=text`): each may be a
 * chapter of its own to read, and a verse's list runs to 97 (Acts 24:25), a chapter's to
 * thousands. Forty cover the head of a chapter's margin; a verse's whole list is its own request.
 */
export const MAX_CROSS_REFERENCE_TEXTS = 40;

/**
 * Characters a random verse's `seed` may have (`/verses/random?seed=2026-11-27`): any date or
 * name a client picks fits, and request input that is hashed stays short.
 */
export const MAX_SEED_LENGTH = 100;

/**
 * What one request to find references (`POST /references`, the tagger's: docs/tagger.md) may
 * send: texts around the numbers of a page, each parsed apart. The parser costs about a quarter of
 * a millisecond of CPU per text however short (bible-passage-reference-parser; ~1 ms on the
 * 2-core build machine under load, 27 November 2026), and ~15-20 ms per 1,000 characters of
 * prose, so a page's whole text cannot be sent: the tagger sends the words before each number
 * and the number, and a request holds at most this many of them (413 beyond).
 */
export const MAX_REFERENCE_TEXTS = 100;
/**
 * Numbers (runs of digits) the texts of one such request may hold together (413 beyond). The
 * parser's work grows with the references it finds, up to a quarter of a millisecond each in
 * workerd on the 2-core build machine under load (100 distinct texts `Jo{i}Jo{i+1}`, 200
 * references: 54 ms, 28 November 2026), so a request's CPU is bounded by its numbers and its words
 * (MAX_REFERENCE_WORDS), not by its characters: a page's candidates hold one or two numbers each
 * (`John 3:16`), and the tagger sends a page's candidates in batches of at most this many
 * (public/assets/tagger.js). 50 keeps the costliest texts near the 30 ms a request may take
 * (docs/speed.md).
 */
export const MAX_REFERENCE_NUMBERS = 50;
/**
 * Words (runs of letters) the texts of one such request may hold together (413 beyond). The
 * parser tries every word as the start of a book's name, about 64 µs each in workerd under load
 * (100 distinct texts of 64 `Jo` before 2 numbers: 408 ms, 28 November 2026); a word that
 * cannot begin a book's name costs a tenth of that. A candidate of the tagger is a number and at
 * most three words before it (public/assets/tagger.js `WORDS_BEFORE`), one or two for most
 * (`Song of Solomon 2:1`, `John 3:16`), and its batches hold at most this many words too.
 */
export const MAX_REFERENCE_WORDS = 2 * MAX_REFERENCE_NUMBERS;
/** Characters one of those texts may have (413 beyond): a long book name, a list of verses. */
export const MAX_REFERENCE_TEXT_LENGTH = 200;
/** The body of such a request at most (413 beyond): every text at its longest, escaped, with room. */
export const MAX_REFERENCE_BODY_BYTES = 32 * 1024;

/**
 * Reports from this many accounts hide a public note until a moderator reviews it
 * (docs/public-notes.md "Reporting"): one reader alone cannot take a note down, a few can.
 */
export const REPORTS_TO_HIDE = 3;

/**
 * Public notes one account may have at once (docs/public-notes.md "Publishing"): a share of its
 * 2,000 notes, so one account cannot fill the margins of every reader.
 */
export const MAX_PUBLIC_NOTES = 200;

/**
 * Per-account quotas (docs/annotations.md "Quotas", docs/configuration.md "Quotas and paging"). One account can
 * hold at most this much; a write that would take it over answers 422 and writes nothing.
 *
 * The numbers are chosen so that whatever an account holds, its export is one document that
 * POST /user/import accepts again (IMPORT_LIMITS and MAX_IMPORT_BYTES below are derived from
 * them; src/annotations/personal/quotas.ts enforces them):
 * - `notes` + `taggings` is the import's item bound;
 * - `references` (of taggings and notes together) is the import's reference bound;
 * - `noteText` (characters of titles and contents together) bounds the export's size: at most
 *   5 bytes per character in XML (`&` is written `&amp;`), so 2.5 MB of text at the worst.
 * `tags` counts the distinct tag names the account's taggings use (tags themselves are global).
 * `publicNotes` counts its notes with `public` 1 (docs/public-notes.md "Publishing"); an import
 * never publishes, so it does not enter the import's bounds.
 */
export const QUOTAS = {
  notes: 2_000,
  taggings: 2_000,
  tags: 200,
  references: 10_000,
  noteText: 500_000,
  publicNotes: MAX_PUBLIC_NOTES,
} as const;

/**
 * Bounds of one import (docs/annotations.md "Limits"), beyond the body limit: at most this many
 * taggings and notes together, and this many references over all of them. They are the
 * account's quotas (QUOTAS above), so that the export of any account within its
 * quotas is accepted again. Beyond either bound: 413, nothing written.
 */
export const IMPORT_LIMITS = {
  items: QUOTAS.notes + QUOTAS.taggings,
  references: QUOTAS.references,
} as const;

/**
 * The import's body limit: the largest export an account within its quotas can have, with room.
 * Worst case, in XML (larger than JSON): every character of note text written as `&amp;`
 * (5 bytes), every tag name of 100 four-byte characters, and the fixed markup of each item and
 * reference (ids, timestamps, `<reference><start>KJV:Song.8.14</start>…`: under 320 bytes per
 * reference, 600 per item). test/annotations/personal/quotas.test.ts exports an account at every quota
 * with such text and imports it again.
 */
export const MAX_IMPORT_BYTES =
  QUOTAS.noteText * 5 +
  QUOTAS.taggings * (600 + 400) +
  QUOTAS.notes * 600 +
  QUOTAS.references * 320 +
  64 * 1024;

/**
 * An import counts against TRANSFER_LIMITER by its size: once before its body is read, then once
 * more for each further started IMPORT_BYTES_PER_COUNT of the body, at most IMPORT_MOST_COUNTS in
 * all. Its CPU grows with what it holds (an account at every quota, 1.3 MB: 1.1–1.5 s on the
 * 2-core build machine, docs/speed.md "The import at the quotas"), so one count each let an account
 * spend about 9 s of CPU a minute; counted so, about one such import a minute. The most is
 * TRANSFER_LIMITER's limit (wrangler.toml; test/node/rate-limit-config.test.ts holds them equal),
 * so that any import the body limit accepts can pass within one window.
 */
export const IMPORT_BYTES_PER_COUNT = 256 * 1024;
export const IMPORT_MOST_COUNTS = 6;

/** How many times an import of `bytes` counts against TRANSFER_LIMITER (IMPORT_BYTES_PER_COUNT). */
export const importCounts = (bytes: number): number =>
  Math.min(IMPORT_MOST_COUNTS, Math.max(1, Math.ceil(bytes / IMPORT_BYTES_PER_COUNT)));

/** Characters of a report's reason or a moderator's reason (a sentence, not an essay). */
export const MAX_REASON = 500;

/** The name shown for the author of a public note whose account has no display name. */
export const ANONYMOUS_AUTHOR = 'Anonymous reader';

/**
 * Published references the public lists read for one book, newest note first
 * (src/annotations/public/public-notes.ts): a bound on one request's work however many notes a book
 * has; older ones beyond it are not listed.
 */
export const MAX_PUBLIC_REFERENCES = 20_000;

/**
 * The changes feed's retention (docs/sync.md "Retention"): a deletion stays in the feed this many
 * days, and an account keeps at most MAX_TOMBSTONES of them (the newest); a cursor older than a
 * deletion no longer kept is a 410. The count bounds what one account can store: the write limit
 * (120 a minute) alone would let a 30-day window hold millions of rows.
 */
export const TOMBSTONE_DAYS = 30;
export const MAX_TOMBSTONES = 10_000;

/**
 * Idempotency keys (docs/sync.md "Idempotency-Key"): kept this many hours after first use (the
 * IETF draft's and Stripe's 24), and at most MAX_KEPT_ANSWER_BYTES of kept answers per account
 * (about three times an account at every quota); a new key beyond it is a 429 until old ones
 * expire, while requests without a key are never refused by it.
 */
export const KEY_RETENTION_HOURS = 24;
export const MAX_KEPT_ANSWER_BYTES = 4 * 1024 * 1024;
