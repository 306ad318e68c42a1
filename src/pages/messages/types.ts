/**
 * Every interface string of the reading site, in one table per language. Pages
 * never write interface text themselves: they take it from the table of the page's language
 * (src/pages/messages/index.ts chooses it). Scripture, book names and API error messages are
 * data, not interface text, and come as they are.
 *
 * Texts that take values are functions; numbers and dates in them are formatted with `Intl` for
 * the table's locale (the helpers below), never by hand.
 */
import type { FootnoteKind, Testament } from '../../snapshot/types';

export interface Messages {
  /** BCP 47 language of the table (`<html lang>`, `Intl` locale). */
  lang: string;
  site: {
    /** The site's name (brand link, page title suffix). */
    name: string;
    skipToContent: string;
    navigation: string;
    versions: string;
    bookGroups: string;
    myNotes: string;
    myTags: string;
    searchLabel: string;
    searchPlaceholder: string;
    searchButton: string;
    /** Footer: text before the `.xml`, between `.xml` and `.js`, after `.js`, the link, the end. */
    footer: [string, string, string, string, string];
    /** Footer: the fonts of the Hebrew and Greek text (`families`, a list) and their licence. */
    fonts: (families: string[], licence: string) => string;
  };
  home: {
    title: string;
    /** Intro: before the reference example, between the examples, after the words example. */
    intro: [string, string, string];
    referenceExample: string;
    wordsExample: string;
    translations: string;
    startReading: string;
  };
  testaments: Record<Testament, string>;
  /** Book group names by the group's `abbr` (data/canon.json); absent: the catalogue's name. */
  groups: Partial<Record<string, string>>;
  /** `(KJV, English)`: a version's abbreviation and language in the list of versions. */
  versionListLanguage: (v: { langName: string; langNameEng: string }) => string;
  book: { chapters: string };
  chapter: {
    /** `Chapter 3` in the verse page's breadcrumb. */
    name: (n: number) => string;
    readIn: string;
    sideBySide: string;
    compare: string;
    pagerChapters: string;
    pagerVerses: string;
  };
  margin: {
    heading: string;
    /** Without JavaScript: before the link, the link, after it. */
    noScript: [string, string, string];
    none: string;
    failed: string;
    /** `v. 16` / `vv. 16–18` before an annotation in the margin. */
    versePrefix: string;
    /** The link to all of them when the margin shows the first page only (their number follows). */
    more: string;
  };
  verseNotes: {
    heading: string;
    none: string;
    add: string;
    title: string;
    note: string;
    save: string;
    /** Without JavaScript: before the code, after it. */
    noScript: [string, string];
    saving: string;
    saved: string;
    notSaved: string;
    unreachable: string;
    /** More notes than the page shows: how many it shows, of how many, before the link to all of the chapter's. */
    more: (shown: number, total: number) => string;
    allOnChapter: string;
    /** The form's checkbox that publishes the note (docs/public-notes.md). */
    publish: string;
    /** Beside one of the reader's own notes that is public. */
    publicMark: string;
  };
  /** Others' public notes: the verse page's list and the chapter margin's fold (docs/public-notes.md). */
  publicNotes: {
    heading: string;
    /** The margin's fold, with how many. */
    fold: (count: number) => string;
    none: string;
    failed: string;
    /** `by Ruth` */
    by: (author: string) => string;
    /** The author without a display name (the API's `Anonymous reader`). */
    anonymous: string;
    /** More than the page shows: how many it shows, of how many. */
    more: (shown: number, total: number) => string;
    /** Reporting a note (docs/public-notes.md "Reporting"): the fold, the reason's label, the button, the statuses. */
    report: string;
    reason: string;
    send: string;
    sending: string;
    sent: string;
    notSent: string;
  };
  search: {
    /** `Search: love` */
    title: (query: string) => string;
    options: string;
    words: string;
    version: string;
    allVersions: string;
    part: string;
    wholeBible: string;
    testaments: Record<Testament, string>;
    order: string;
    bestMatch: string;
    bibleOrder: string;
    submit: string;
    found: (total: number, first: number, last: number, page: number) => string;
    none: string;
    searched: (versions: string) => string;
    /** `Did you mean` … `?` around the suggestions. */
    didYouMean: [string, string];
    chapterLink: string;
    resultPages: string;
    page: (n: number) => string;
  };
  /** Word study: the lexicon and concordance pages, the chapter page's interlinear view. */
  study: {
    /**
     * The verse page of the TR or the SBLGNT: the words where the two editions differ
     * (src/study/greek-differences.ts), each difference's kind, and the link to the API's list.
     */
    greekDifferences: {
      heading: string;
      /** `3 differences from the SBLGNT` / `No difference from the TR, accents and case aside`. */
      count: (n: number, other: string) => string;
      /** The summary over the differences of spelling alone, folded away: `2 in spelling alone …`. */
      spelling: (n: number) => string;
      kinds: { added: string; omitted: string; changed: string; spelling: string };
    };
    /** The chapter page's toggle button. */
    interlinear: string;
    /** The toggle's status while the words load, and when they cannot. */
    loading: string;
    failed: string;
    /** A word panel's lexicon entry that cannot be loaded. */
    entryFailed: string;
    /** The word panel: its region's name, the close button, the parsing line's label. */
    panel: string;
    close: string;
    parsing: string;
    /** A Greek word the KJV leaves untranslated (the interlinear view shows it without English). */
    untranslated: string;
    /** `Verse 16`'s word before the number, in the interlinear view's verse links. */
    verse: string;
    transliteration: string;
    pronunciation: string;
    derivation: string;
    definition: string;
    kjvRenderings: string;
    /** The links of a word panel and of the lexicon page. */
    lexiconEntry: string;
    everyOccurrence: string;
    /** The lexicon page. */
    hebrewLexicon: string;
    greekLexicon: string;
    related: string;
    fuller: string;
    occurrences: string;
    /** `142 occurrences in 135 verses`: the original-language words tagged with the number. */
    occurrenceCount: (occurrences: number, verses: number) => string;
    /** `The first 20 of 135 verses in the KJV` */
    firstOccurrences: (shown: number, total: number, version: string) => string;
    /** `All 135 verses in the KJV` */
    allOccurrences: (total: number, version: string) => string;
    /** The concordance page: `Concordance: G25`. */
    concordanceTitle: (number: string) => string;
    /** The grammar search page: `Grammar search: stem qal, form wayyiqtol`. */
    grammarTitle: (filters: string) => string;
    lemma: string;
    number: string;
    allTagged: string;
    perBook: string;
    renderings: string;
    /** `and 12 more` after a shortened list of renderings. */
    more: (n: number) => string;
    /** The reader's notes on a verse of the concordance: `2 notes`. */
    notes: (n: number) => string;
  };
  /**
   * The reference library: the chapter page's margin (in the page's language), and
   * the pages of the commentaries and topics (English, as their sources are).
   */
  library: {
    /** The margin's heading and its two folds. */
    heading: string;
    commentaries: string;
    topics: string;
    /** A fold's link to the same list as a page (without JavaScript, and always). */
    asPage: string;
    loading: string;
    failed: string;
    noCommentaries: string;
    noTopics: string;
    /** An introduction entry's label (verse 0 in the module). */
    introduction: string;
    /** The link of a cut entry to its whole text. */
    whole: string;
    /** The verse page's links: the verse's commentaries, topics, and the passages cited with it. */
    citedWith: string;
    /** Page titles: `Commentaries on John 3`, `Topics citing John 3:16`, `Cited with John 3:16`. */
    commentariesOn: (name: string) => string;
    topicsCiting: (name: string) => string;
    citedWithTitle: (name: string) => string;
    /** What `cited with` is (the API's `basis`, in the page's words). */
    citedWithBasis: string;
    /** `9 times: 8 in topics, 1 in commentaries` */
    citedCount: (count: number, topics: number, commentaries: number) => string;
    /** `20 of 1,872 passages` */
    citedShown: (shown: number, total: number) => string;
    /** The commentaries' page, an entry's whole text (`Page 2 of 4`), the sources' copyright. */
    commentaryList: string;
    entryPage: (page: number, pages: number) => string;
    chapterEntries: string;
    sources: string;
    /** The topic search and the topic page. */
    topicSearch: string;
    topicsFound: (total: number) => string;
    noTopicFound: string;
    related: string;
    /** `link`: `see` (the topic names it) or `see-from` (it names the topic). */
    relatedLink: (link: string) => string;
    subtopicPages: string;
    /** The keyword search page's box of topics whose names hold the words. */
    matchingTopics: string;
    allMatchingTopics: string;
    /** The margin's fold of the Treasury's cross-references, and the verse page's list of them. */
    crossReferences: string;
    noCrossReferences: string;
    /** A reference's link to its verse's own page, beside its text shown in place. */
    openVerse: string;
    /** The verse page's list: `23 references, from` (the work's name follows, in its own language). */
    crossReferenceCount: (total: number) => string;
  };
  /** The translators' notes (docs/footnotes.md): their list under the text and their kinds. */
  footnotes: {
    heading: string;
    kinds: Record<FootnoteKind, string>;
    /** The list item's link back to its mark: `back to 16a`. */
    backTo: (label: string) => string;
  };
  passages: {
    none: string;
    readInContext: string;
    continueReading: string;
    /** The page shows the first `shown` verses of passages holding `total`; each links to the rest. */
    cut: (shown: number, total: number) => string;
  };
  personal: {
    notesTitle: string;
    noNotes: string;
    updated: (date: Date) => string;
    tagsTitle: string;
    noTags: string;
    notesPages: string;
    taggingsPages: string;
    range: (first: number, last: number, total: number) => string;
    beyond: (total: number) => string;
    previousPage: string;
    nextPage: string;
  };
  /** The moderators' queue page (docs/public-notes.md "Moderation"). */
  moderation: {
    title: string;
    empty: string;
    /** Before the author's name: `by ` */
    by: string;
    /** After it: `account 12` */
    account: (userId: number) => string;
    state: string;
    /** A state's name (none: `null`). */
    states: Record<string, string>;
    reports: (count: number) => string;
    actions: Record<'approve' | 'hide' | 'remove' | 'restore', string>;
    action: string;
    reason: string;
    apply: string;
    /** Without JavaScript: before the code, after it. */
    noScript: [string, string];
    working: string;
    done: string;
    failed: string;
    log: string;
    pages: string;
  };
  document: {
    intro: string;
    empty: string;
  };
  errors: {
    titles: Partial<Record<number, string>>;
    fallbackTitle: string;
    /** The 401 page: paragraphs, the command's introduction and what follows it. */
    signIn: {
      before: string;
      tokenAsUser: string;
      after: string;
      howToMake: string;
      lastLine: string;
    };
    home: string;
  };
}

/**
 * Each language's formatters, made on first use and kept for the isolate. Not at the module's top
 * level: the first `Intl` object an isolate makes loads ICU's data (15–25 ms here), which every
 * fresh isolate would pay before its first request, an API read too (docs/speed.md "Cold start",
 * budget 30 ms); and not per call: a new `NumberFormat` costs about 0.1 ms each time.
 */
interface Formatters {
  number: Intl.NumberFormat;
  date: Intl.DateTimeFormat;
  plural: Intl.PluralRules;
  list: Intl.ListFormat;
}

const formatters = new Map<string, Partial<Formatters>>();

function formatter<K extends keyof Formatters>(
  lang: string,
  kind: K,
  make: () => Formatters[K],
): Formatters[K] {
  let mine = formatters.get(lang);
  if (!mine) formatters.set(lang, (mine = {}));
  return (mine[kind] ??= make());
}

/** A number as the locale writes it (`12,345` / `12.345`). */
export function formatNumber(lang: string, n: number): string {
  return formatter(lang, 'number', () => new Intl.NumberFormat(lang)).format(n);
}

/** A date and time as the locale writes it, in UTC (the service's timestamps are UTC). */
export function formatDate(lang: string, date: Date): string {
  const make = () =>
    new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return formatter(lang, 'date', make).format(date) + ' UTC';
}

/** The locale's plural category of `n` (`one`, `other`, …). */
export function pluralOf(lang: string, n: number): Intl.LDMLPluralRule {
  return formatter(lang, 'plural', () => new Intl.PluralRules(lang)).select(n);
}

/** Items joined as the locale writes "a, b and c". */
export function formatList(lang: string, items: string[]): string {
  const make = () => new Intl.ListFormat(lang, { type: 'conjunction' });
  return formatter(lang, 'list', make).format(items);
}
