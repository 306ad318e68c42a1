/**
 * The service's paths, operations and schemas as TypeScript types, written by openapi-typescript
 * from its OpenAPI 3.1 document (/openapi.json). Generated: do not edit. `npm run
 * client:generate` in the scripture-edge repository writes it again.
 */
export interface paths {
    "/status.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health check: the snapshot and API version that answer
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/versions.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List versions
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/versions/{version_id}.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a version
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getVersionsVersionId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/versions/{version_id}/books.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a version's books
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getVersionsVersionIdBooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/versions/{version_id}/download.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole version in one document, streamed: every book the snapshot holds, its chapters and verses with their text as /verses gives it (Psalm titles inside it) and the translators' notes where the version has them; rendered from the snapshot by the code the build hashed it with, so its bytes are fixed and its ETag is their SHA-256 (If-None-Match: 304, not counted). Its sizes are on the version's checksums
         * @description Bounds: counts against the download limit (a download sent: not a 304, not a HEAD); answers at most 32 MiB (a whole-version download, exempt from the 1 MiB ceiling); reads no body; reads at most 3000 KV values.
         */
        get: operations["getVersionsVersionIdDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/versions/{version_id}/checksums.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The SHA-256 and size in bytes of the version's download in each format, and of each book's element in it (XML: its book element; JSON: its object in the book array), computed at build time
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 64 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getVersionsVersionIdChecksums"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookgroups.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the nine book groups
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getBookgroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookgroups/{bookgroup_id}.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a book group
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getBookgroupsBookgroupId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookgroups/{bookgroup_id}/books.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A group's books across versions
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getBookgroupsBookgroupIdBooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/books/{book_id}.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a book
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getBooksBookId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/books/{book_id}/chapters.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a book's chapters (no text)
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getBooksBookIdChapters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chapters/{chapter_id}.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a chapter with its text
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getChaptersChapterId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chapters/{chapter_id}/verses.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a chapter's verses (optionally a range, optionally over several chapters)
         * @description Bounds: counts against the passage limit (a range over more than one chapter); answers at most 1 MiB; reads no body; reads at most 48 KV values.
         */
        get: operations["getChaptersChapterIdVerses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verses/random.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A random verse, never an empty slot: the same document as /verses/{verse_id} for the verse drawn; with seed the same verse for the same seed and filters under one snapshot (a date: a verse of the day), and cacheable; without, a fresh draw each time, never cached
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 64 KiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getVersesRandom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verses/{verse_id}.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a verse
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 1 MiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getVersesVerseId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verses/{verse_id}/words.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A verse's words with their Strong's numbers, lemmas and morphology (tagged versions: KJV, WLC, TR, SBLGNT)
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getVersesVerseIdWords"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verses/{verse_id}/greek-differences.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the Textus Receptus (TR) and the SBL Greek New Testament (SBLGNT) differ, word by word: added, omitted or changed, in a verse or a chapter of either
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getVersesVerseIdGreekDifferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chapters/{chapter_id}/words.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A chapter's verses with their words, Strong's numbers, lemmas and morphology
         * @description Bounds: counts against the passage limit (rendered afresh: a request a kept answer serves does not count); answers at most 1 MiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getChaptersChapterIdWords"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strongs/{number}.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Strong's lexicon entry with the fuller lexicon linked to it (BDB, Abbott-Smith) and where it occurs
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 48 KV values.
         */
        get: operations["getStrongsNumber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commentaries.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The commentaries of the reference library: name, author, year, language, entries, copyright
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 64 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getCommentaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chapters/{chapter_id}/commentaries.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The entries of every commentary that cover a verse of the chapter (any version, through the versification map), with the passage each covers; a long entry is cut, with the path of its whole
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getChaptersChapterIdCommentaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verses/{verse_id}/commentaries.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The entries of every commentary that cover the verse (an entry written for a range covers each verse of it)
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getVersesVerseIdCommentaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commentaries/{commentary_id}/{verse_id}.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A commentary entry's whole text, in pages of about 32 KiB, by its commentary and the KJV verse it starts at (the whole path of a cut entry; verse 0: an introduction)
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getCommentariesCommentaryIdVerseId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/topics.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the names of Nave's topics (every word, stemmed and accent-insensitive: loved finds LOVE; the last word, from three letters, also as the start of a word: nicod finds NICODEMUS); without q, every topic in Nave's order (paged)
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 1 MiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getTopics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/topics/{topic_id}.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A topic of Nave's: its sub-topics (paged) with the passages they cite as links, and its related topics
         * @description Bounds: counts against the passage limit (rendered afresh: a request a kept answer serves does not count); answers at most 1 MiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getTopicsTopicId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verses/{verse_id}/topics.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The topics of Nave's whose sub-topics cite the verse, with those sub-topics
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getVersesVerseIdTopics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chapters/{chapter_id}/topics.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The topics of Nave's that cite verses of the chapter, each with its sub-topics and the verses it cites
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getChaptersChapterIdTopics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verses/{verse_id}/cross-references.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The cross-references of the verse (the Treasury of Scripture Knowledge), in every version through the versification map: those pointing both ways first, then by how many of the library's units cite the verse and the target together, then canonical order; include=text adds the targets' text
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 48 KV values.
         */
        get: operations["getVersesVerseIdCrossReferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chapters/{chapter_id}/cross-references.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The cross-references of every verse of the chapter (the Treasury of Scripture Knowledge), each list in the verse resource's order; include=text adds the text of the first targets, a rank at a time across the verses
         * @description Bounds: counts against the passage limit (rendered afresh: a request a kept answer serves does not count); answers at most 1 MiB; reads no body; reads at most 48 KV values.
         */
        get: operations["getChaptersChapterIdCrossReferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verses/{verse_id}/footnotes.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The translators' notes on the verse (the KJV's margin, the WEB's footnotes): each at its place in the verse's plain text, with the words it follows and its kind where the source says; a slot the version leaves empty answers with the notes that say why; a version without notes is a 404
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getVersesVerseIdFootnotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chapters/{chapter_id}/footnotes.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The translators' notes on every verse of the chapter, from one read; a chapter without notes is an empty list
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getChaptersChapterIdFootnotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verses/{verse_id}/related.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cited with: the passages that Nave's topics and the commentaries cite together with the verse, most often first: co-citation, not the cross-references (see /verses/{verse_id}/cross-references)
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 16 KV values.
         */
        get: operations["getVersesVerseIdRelated"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verses.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Keyword search, the concordance of Strong's numbers or of a lemma, or grammar search (pos, tense, stem, form, …: the verses where one word has every feature asked for)
         * @description Bounds: counts against the search limit; answers at most 1 MiB; reads no body; reads at most 256 KV values.
         */
        get: operations["getVerses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/references.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find the references in short texts, as the passages parser reads them, with where each stands (the tagger's, docs/tagger.md): at most 100 texts of 200 characters each, holding at most 50 numbers and 100 words together (413 beyond), each read apart; a body of another shape is a 400; nothing is stored
         * @description Bounds: counts against the references limit; answers at most 512 KiB; reads a body of at most 32 KiB (413 beyond); reads at most 0 KV values.
         */
        post: operations["postReferences"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passages.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look passages up by reference
         * @description Bounds: counts against the passage limit (more verses than the longest chapter (176)); answers at most 1 MiB; reads no body; reads at most 48 KV values.
         */
        get: operations["getPassages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{versions}/passages.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look passages up in the versions named in the path
         * @description Bounds: counts against the passage limit (more verses than the longest chapter (176)); answers at most 1 MiB; reads no body; reads at most 48 KV values.
         */
        get: operations["getVersionsPassages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/search.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Automatic search: 302 to the passage lookup for a reference, to the lexicon entry for a Strong's number such as G25, to the keyword search otherwise
         * @description Bounds: counts against no rate limit (a redirect computed from the query alone); answers at most 64 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's account
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of the caller's own content, bounded by its quotas and paging); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getUser"];
        /**
         * Update the account (a new password rotates the token)
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Counts against the per-token write limit (429 with `Retry-After` beyond it). Bounds: counts against the write limit, and against the email limit when it sends an email; answers at most 64 KiB; reads a body of at most 64 KiB (413 beyond); reads at most 0 KV values.
         */
        put: operations["putUser"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/export.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the caller's tags, taggings and notes as one document
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against the transfer limit; answers at most 8.6 MiB (the account's own export, exempt from the 1 MiB ceiling); reads no body; reads at most 0 KV values.
         */
        get: operations["getUserExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/changes.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's notes, taggings and tags created, edited or deleted since a cursor, in commit order, each with its revision and the item as it is now (a deletion as a tombstone), a cursor for the next request and whether more remain. Without since, every item the caller has and the deletions kept; a cursor older than the deletions kept (30 days, at most 10,000) is a 410: sync again from the start
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against the sync limit; answers at most 1 MiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getUserChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/import.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import an export document (any account, either format): validated whole, written atomically, items already there by content skipped (also when identical imports arrive at once); the export of any account within its quotas is accepted again. The costliest request there is, set apart from the 30 ms of CPU of every other: its CPU grows with what it holds (an account at every quota, 1.3 MB, 1.1–1.5 s), so it counts against the transfer limit by its size
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Counts against the per-token write limit (429 with `Retry-After` beyond it). Bounds: counts against the write limit, and against the transfer limit once before its body is read, then once for each further started 256 KiB of it (at most 6 in all); answers at most 64 KiB; reads a body of at most 8.6 MiB (413 beyond); reads at most 2 KV values.
         */
        post: operations["postUserImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tags.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site-wide tag list: names in use by at least 2 accounts and the caller's own, most shared first, then by name (paged)
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of what readers published, bounded by its paging and the public-note quota); answers at most 1 MiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/tags.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's tags, by name (paged)
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of the caller's own content, bounded by its quotas and paging); answers at most 1 MiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getUserTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tags/{tag}.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tag (by id or name) with the caller's references (paged by reference); a name another account alone uses is a 404, as an unknown tag
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of what readers published, bounded by its paging and the public-note quota); answers at most 1 MiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getTagsTag"];
        put?: never;
        post?: never;
        /**
         * Remove the caller's taggings of a tag
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Counts against the per-token write limit (429 with `Retry-After` beyond it). Bounds: counts against the write limit; answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        delete: operations["deleteTagsTag"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/taggings.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's taggings (paged)
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of the caller's own content, bounded by its quotas and paging); answers at most 1 MiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getUserTaggings"];
        put?: never;
        /**
         * Create a tagging (201); a tagging identical to one the caller has (same tag, same set of references) is not stored again: 200 with that tagging
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Counts against the per-token write limit (429 with `Retry-After` beyond it). Bounds: counts against the write limit; answers at most 64 KiB; reads a body of at most 64 KiB (413 beyond); reads at most 2 KV values.
         */
        post: operations["postUserTaggings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/taggings/{tag_name}.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's taggings of a tag name (paged)
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of the caller's own content, bounded by its quotas and paging); answers at most 1 MiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getUserTaggingsTagName"];
        put?: never;
        post?: never;
        /**
         * Delete the caller's taggings of a tag name
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Counts against the per-token write limit (429 with `Retry-After` beyond it). Bounds: counts against the write limit; answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        delete: operations["deleteUserTaggingsTagName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/taggings/{tagging_id}.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a tagging
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of the caller's own content, bounded by its quotas and paging); answers at most 64 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getTaggingsTaggingId"];
        /**
         * Update a tagging
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Counts against the per-token write limit (429 with `Retry-After` beyond it). Bounds: counts against the write limit; answers at most 64 KiB; reads a body of at most 64 KiB (413 beyond); reads at most 2 KV values.
         */
        put: operations["putTaggingsTaggingId"];
        post?: never;
        /**
         * Delete a tagging
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Counts against the per-token write limit (429 with `Retry-After` beyond it). Bounds: counts against the write limit; answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        delete: operations["deleteTaggingsTaggingId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chapters/{chapter_id}/annotations.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's notes and taggings on a chapter, written on any version, by first verse covered (paged)
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of the caller's own content, bounded by its quotas and paging); answers at most 1 MiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getChaptersChapterIdAnnotations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/notes.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's notes (paged)
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of the caller's own content, bounded by its quotas and paging); answers at most 1 MiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getUserNotes"];
        put?: never;
        /**
         * Create a note (as the official client posts it); public 1 publishes it beside the text for every reader (at most 200 public notes an account; each such write counts against the publishing limit; with the review switch PUBLIC_NOTE_REVIEW_DAYS on, a new account's go to the moderators' queue first)
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Counts against the per-token write limit (429 with `Retry-After` beyond it). Bounds: counts against the write limit, and against the publish limit when it sends public 1; answers at most 64 KiB; reads a body of at most 64 KiB (413 beyond); reads at most 2 KV values.
         */
        post: operations["postUserNotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notes.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a note; public 1 publishes it beside the text for every reader (at most 200 public notes an account; each such write counts against the publishing limit; with the review switch PUBLIC_NOTE_REVIEW_DAYS on, a new account's go to the moderators' queue first)
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Counts against the per-token write limit (429 with `Retry-After` beyond it). Bounds: counts against the write limit, and against the publish limit when it sends public 1; answers at most 64 KiB; reads a body of at most 64 KiB (413 beyond); reads at most 2 KV values.
         */
        post: operations["postNotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notes/{note_id}.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a note
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of the caller's own content, bounded by its quotas and paging); answers at most 64 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getNotesNoteId"];
        /**
         * Update a note; public 1 publishes it beside the text for every reader (at most 200 public notes an account; each such write counts against the publishing limit; with the review switch PUBLIC_NOTE_REVIEW_DAYS on, a new account's go to the moderators' queue first), public 0 withdraws it at once
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Counts against the per-token write limit (429 with `Retry-After` beyond it). Bounds: counts against the write limit, and against the publish limit when it sends public 1; answers at most 64 KiB; reads a body of at most 64 KiB (413 beyond); reads at most 2 KV values.
         */
        put: operations["putNotesNoteId"];
        post?: never;
        /**
         * Delete a note
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Counts against the per-token write limit (429 with `Retry-After` beyond it). Bounds: counts against the write limit; answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        delete: operations["deleteNotesNoteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chapters/{chapter_id}/public-notes.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notes readers published on a chapter, written on any version (a note on KJV John 1:10 is read on RV1909 John 1:10), newest publication first (paged); each author only by display name or the anonymous label. Read fresh from D1 (private, no-store): a withdrawn note is gone from the next answer
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of what readers published, bounded by its paging and the public-note quota); answers at most 512 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getChaptersChapterIdPublicNotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verses/{verse_id}/public-notes.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notes readers published on a verse, written on any version, newest publication first (paged), as the chapter list gives them
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of what readers published, bounded by its paging and the public-note quota); answers at most 512 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getVersesVerseIdPublicNotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notes/{note_id}/reports.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report another reader's public note, once, with a reason (200 with the report: a report is not a resource to read back). Reports from 3 accounts hide it until a moderator decides. One's own note: 403; a second report: 409; a note the caller cannot read: 404
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Counts against the per-token write limit (429 with `Retry-After` beyond it). Bounds: counts against the write limit; answers at most 64 KiB; reads a body of at most 64 KiB (413 beyond); reads at most 0 KV values.
         */
        post: operations["postNotesNoteIdReports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/moderation/queue.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Moderators: public notes waiting for a decision (held for review, hidden by reports) and readable ones somebody reported, longest waiting first, with the reports' reasons (paged); 403 without the moderator role
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of what readers published, bounded by its paging and the public-note quota); answers at most 1 MiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getModerationQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/moderation/notes/{note_id}.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Moderators: approve, hide, remove or restore a public note, with an optional reason; answers the log entry written. A removed note stays removed whatever its author does until restored (409 for any other action on it, and for restoring a note that was not removed)
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Counts against the per-token write limit (429 with `Retry-After` beyond it). Bounds: counts against the write limit; answers at most 64 KiB; reads a body of at most 64 KiB (413 beyond); reads at most 0 KV values.
         */
        put: operations["putModerationNotesNoteId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/moderation/log.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Moderators: who did what to which note, why and when, newest first (paged)
         * @description Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read). Bounds: counts against no rate limit (a page of what readers published, bounded by its paging and the public-note quota); answers at most 1 MiB; reads no body; reads at most 2 KV values.
         */
        get: operations["getModerationLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reading site: home page (a page only, with a token like every page)
         * @description Bounds: counts against no rate limit (a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)); answers at most 512 KiB; reads no body; reads at most 2 KV values.
         */
        get: operations["get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This description (OpenAPI 3.1)
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 512 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This description as a readable page
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 512 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/site.css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reading site's stylesheet
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getAssetsSiteCss"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/note-form.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The verse page's note form script
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getAssetsNoteFormJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/chapter-annotations.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reading page's margin script (the reader's notes and tags)
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getAssetsChapterAnnotationsJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/interlinear.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The chapter page's interlinear view and word panel script (tagged versions)
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getAssetsInterlinearJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/library.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reading page's reference library script (commentaries, topics and cross-references, folded in the margin)
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getAssetsLibraryJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/report.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The verse page's script that reports another reader's public note
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getAssetsReportJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/moderation.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The moderation queue page's script (applies an action through the API)
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getAssetsModerationJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/footnotes.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reading pages' translators' notes script (a note beside its mark, on tap or focus)
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getAssetsFootnotesJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/tagger.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reference tagger for other sites: one script tag links the references of a page to this site and previews their text, with a publishable read key (docs/tagger.md)
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getAssetsTaggerJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/fonts/noto-serif-hebrew-hebrew-400-normal.woff2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reading site's font for Hebrew, with points and cantillation marks (Noto Serif Hebrew)
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getAssetsFontsNotoSerifHebrewHebrew400NormalWoff2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/fonts/gentium-plus-greek-400-normal.woff2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reading site's font for Greek (Gentium Plus)
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getAssetsFontsGentiumPlusGreek400NormalWoff2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/fonts/gentium-plus-greek-ext-400-normal.woff2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reading site's font for Greek Extended: accents and breathings (Gentium Plus)
         * @description Bounds: counts against no rate limit (a static file, the same bytes for everyone, cached by browsers); answers at most 64 KiB; reads no body; reads at most 0 KV values.
         */
        get: operations["getAssetsFontsGentiumPlusGreekExt400NormalWoff2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Spec "Timestamps": `Fri, 29 Oct 2010 14:03:39 +0000` */
        Timestamp: string;
        Meta: {
            fums: string;
            fums_tid: string;
            fums_js_include: string;
            fums_js: string;
            fums_noscript: string;
        };
        Errors: {
            errors: {
                error: string[];
            };
        };
        Status: {
            /** @constant */
            id: "ok";
            snapshot_id: string;
            /** @enum {unknown} */
            api_version: 1 | 2;
        };
        FoundReference: {
            /** @description Which of the request's texts it is in (from 0) */
            text: number;
            /** @description Where it starts in that text (UTF-16 code units, from 0) */
            start: number;
            /** @description Where it ends (exclusive): the text from start to end is the reference as written */
            end: number;
            /** @description The ranges it names in OSIS ids, comma-separated: `John.3.16`, `Gen.1.1-Gen.2.3`, `Ps.23` */
            osis: string;
        };
        Version: {
            id: string;
            version_id: number;
            name: string;
            abbreviation: string;
            /** @description ISO 639-3 */
            lang: string;
            lang_name: string;
            lang_name_eng: string;
            info: string;
            updated_at: components["schemas"]["Timestamp"];
            copyright: string;
            next?: {
                version: {
                    path: string;
                    name: string;
                    id: string;
                };
            };
            previous?: {
                version: {
                    path: string;
                    name: string;
                    id: string;
                };
            };
        };
        BookGroup: {
            id: number;
            name: string;
            ord: number;
            abbr: string;
            next?: {
                bookgroup: {
                    path: string;
                    name: string;
                    id: number;
                };
            };
            previous?: {
                bookgroup: {
                    path: string;
                    name: string;
                    id: number;
                };
            };
        };
        Book: {
            id: string;
            version_id: number;
            name: string;
            abbr: string;
            ord: number;
            book_group_id: number;
            /** @enum {unknown} */
            testament: "OT" | "NT" | "DEUT";
            osis_end: string;
            parent: {
                version: {
                    path: string;
                    name: string;
                    id: string;
                };
            };
            copyright: string;
            next?: {
                book: {
                    path: string;
                    name: string;
                    id: string;
                };
            };
            previous?: {
                book: {
                    path: string;
                    name: string;
                    id: string;
                };
            };
        };
        Chapter: {
            id: string;
            auditid: number;
            label: string;
            chapter: number;
            osis_end: string;
            /** @description HTML of the verses; only when one chapter is shown */
            text?: string;
            parent: {
                book: {
                    path: string;
                    name: string;
                    id: string;
                };
            };
            copyright: string;
            next?: {
                chapter: {
                    path: string;
                    name: string;
                    id: string;
                };
            };
            previous?: {
                chapter: {
                    path: string;
                    name: string;
                    id: string;
                };
            };
        };
        Verse: {
            id: string;
            auditid: number;
            verse: number;
            lastverse: number;
            osis_end: string;
            label: string;
            reference: string;
            /** @description HTML fragment (docs/contract.md "Verse") */
            text?: string;
            /** @description Only on a slot the version leaves empty, listed among a chapter's verses where it stands: why (its text says so too; the slot's own /verses/{id} is the 404 with this reason) */
            empty?: string;
            parent: {
                chapter: {
                    path: string;
                    name: string;
                    id: string;
                };
            };
            copyright: string;
            next?: {
                verse: {
                    path: string;
                    name: string;
                    id: string;
                };
            };
            previous?: {
                verse: {
                    path: string;
                    name: string;
                    id: string;
                };
            };
        };
        Passage: {
            display: string;
            version: string;
            /** @description Only when the reference named a verse this version numbers elsewhere: which verse holds its text */
            note?: string;
            path: string;
            text_preview: string;
            copyright: string;
        };
        StrongsLink: {
            /** @description normalized Strong's number: `H157`, `G25` */
            id: string;
            /** @description its lexicon entry, `/strongs/G25` */
            path: string;
            /** @description the lexicon's headword (absent for a number no lexicon has) */
            word?: string;
        };
        Morphology: {
            /**
             * @description Robinson's codes (Greek), Strong's tense numbers (the KJV's Hebrew verbs), the Open Scriptures Hebrew Bible's codes, MorphGNT's parsing of the SBL Greek New Testament
             * @enum {unknown}
             */
            scheme: "robinson" | "strongMorph" | "oshb" | "morphgnt";
            code: string;
            /** @description the code in words: "verb, aorist active indicative, third person singular" */
            text: string;
        };
        Word: {
            /** @description 1-based, in the order of the text */
            position: number;
            /** @description as printed; '' for a Greek word the KJV leaves untranslated */
            text: string;
            /** @description what follows the word: spaces, punctuation, maqaf, sof pasuq */
            after: string;
            /**
             * @description a word the translators supplied (italic in print)
             * @constant
             */
            added?: "true";
            /**
             * @description a word of a Psalm's title: the title's words open verse 1, as the verse's text prints the title before it
             * @constant
             */
            title?: "true";
            strongs: components["schemas"]["StrongsLink"][];
            /** @description the source lemma (OSHB `b/7225`); absent where the source has none */
            lemma?: string[];
            morph?: components["schemas"]["Morphology"][];
            /** @description KJV New Testament: the Greek words (Textus Receptus) this English word renders, with their positions in the Greek word order */
            original?: {
                position: number;
                text: string;
                strongs?: components["schemas"]["StrongsLink"];
                morph?: components["schemas"]["Morphology"][];
            }[];
        };
        VerseWords: {
            id: string;
            reference: string;
            path: string;
            word: components["schemas"]["Word"][];
        };
        LexiconEntry: {
            id: string;
            /** @enum {unknown} */
            lang: "hbo" | "grc";
            /** @description the word in Hebrew (pointed) or Greek (accented) */
            word: string;
            transliteration?: string;
            pronunciation?: string;
            derivation?: string;
            definition: string;
            /** @description Strong's note of the KJV's renderings */
            kjv_renderings?: string;
            related: components["schemas"]["StrongsLink"][];
            fuller: {
                /** @enum {unknown} */
                source: "BDB" | "Abbott-Smith";
                id: string;
                headword: string;
                /** @description HTML subset: p, b, i, ol, li, span lang, a href (lexicon and verse links) */
                html: string;
            }[];
            occurrences: {
                version: string;
                /** @description tagged words carrying the number: in the KJV its English phrases (a Hebrew or Greek word rendered by two phrases counts twice, one the KJV leaves untranslated once) */
                words: number;
                /** @description original-language words tagged with the number: in the WLC, TR and SBLGNT their words, in the KJV the Hebrew and Greek words its phrases render, each once */
                occurrences: number;
                verses: number;
                /** @description its concordance in that version */
                path: string;
            }[];
            path: string;
            copyright: string;
        };
        Reference: {
            start: string;
            end: string;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        References: {
            reference: components["schemas"]["Reference"][];
        };
        Tag: {
            id: number;
            name: string;
            /** @description The caller's revision of the tag, where the tag is the caller's (its list, its page, the changes feed): it moves with any of the caller's taggings of it (docs/sync.md "Revisions"); 0 for a tag the caller never used */
            revision?: number;
            references?: components["schemas"]["References"];
        };
        Tagging: {
            id: number;
            user_id: number;
            tag_id: number;
            updated_at: components["schemas"]["Timestamp"];
            created_at: components["schemas"]["Timestamp"];
            /** @description Changes on every write of the item (docs/sync.md "Revisions"); the ETag of its own URL is this number in quotes */
            revision: number;
            references: components["schemas"]["References"];
            tag: {
                id: number;
                name: string;
            };
        };
        Note: {
            id: number;
            user_id: number;
            title: string;
            content: string;
            /** @enum {unknown} */
            public: 0 | 1;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
            /** @description Changes on every write of the item (docs/sync.md "Revisions"); the ETag of its own URL is this number in quotes */
            revision: number;
            /**
             * @description null (empty in XML) when no moderation touched the note, else its state (docs/public-notes.md "States")
             * @enum {unknown}
             */
            moderated: null | "pending" | "reported" | "approved" | "hidden" | "removed";
            references: components["schemas"]["References"];
        };
        User: {
            id: number;
            username: string;
            email: string;
            first_name: string;
            last_name: string;
            /** @description shown beside the account's public notes; empty: others see the anonymous label */
            display_name: string;
            /** @enum {unknown} */
            role: "reader" | "moderator";
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
            api_token?: string;
        };
        PublicNote: {
            id: number;
            /** @description the author's display name, or "Anonymous reader" */
            author: string;
            title: string;
            content: string;
            published_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
            /** @description version of its first reference on the chapter or verse */
            written_in: string;
            verses: {
                verse: number[];
            };
            references: components["schemas"]["References"];
        };
        PublicNotesDocument: {
            public_notes: {
                parent: {
                    chapter: {
                        path: string;
                        name: string;
                        id: string;
                    };
                } | {
                    verse: {
                        path: string;
                        name: string;
                        id: string;
                    };
                };
                public_note: components["schemas"]["PublicNote"][];
                summary: {
                    start: number;
                    total: number;
                    rpp: number;
                };
                meta: components["schemas"]["Meta"];
            };
        };
        ReportsDocument: {
            reports: {
                report: {
                    note_id: number;
                    reason: string;
                    created_at: components["schemas"]["Timestamp"];
                    /**
                     * @description whether this report hid the note until review
                     * @enum {unknown}
                     */
                    hid_note: 0 | 1;
                }[];
                meta: components["schemas"]["Meta"];
            };
        };
        QueuedNote: {
            id: number;
            user_id: number;
            author: string;
            title: string;
            content: string;
            /** @enum {unknown} */
            public: 0 | 1;
            /** @enum {unknown} */
            moderated: null | "pending" | "reported" | "approved" | "hidden" | "removed";
            published_at: components["schemas"]["Timestamp"] | null;
            updated_at: components["schemas"]["Timestamp"];
            reports: {
                report: {
                    reason: string;
                    created_at: components["schemas"]["Timestamp"];
                }[];
            };
            references: components["schemas"]["References"];
        };
        ModerationQueueDocument: {
            moderation_queue: {
                note: components["schemas"]["QueuedNote"][];
                summary: {
                    start: number;
                    total: number;
                    rpp: number;
                };
                meta: components["schemas"]["Meta"];
            };
        };
        ModerationLogEntry: {
            id: number;
            moderator_id: number;
            moderator: string;
            note_id: number;
            /** @enum {unknown} */
            action: "approve" | "hide" | "remove" | "restore";
            reason: string;
            at: components["schemas"]["Timestamp"];
        };
        ModerationLogDocument: {
            moderation_log: {
                entry: components["schemas"]["ModerationLogEntry"][];
                summary?: {
                    start: number;
                    total: number;
                    rpp: number;
                };
                meta: components["schemas"]["Meta"];
            };
        };
        ChapterAnnotation: {
            /** @enum {unknown} */
            kind: "note" | "tagging";
            /** @description version the annotation was written on */
            written_in: string;
            verses: {
                verse: number[];
            };
            note?: components["schemas"]["Note"];
            tagging?: components["schemas"]["Tagging"];
        };
        ChapterAnnotationsDocument: {
            annotations: {
                parent: {
                    chapter: {
                        path: string;
                        name: string;
                        id: string;
                    };
                };
                annotation: components["schemas"]["ChapterAnnotation"][];
                summary: {
                    start: number;
                    total: number;
                    rpp: number;
                };
                meta: components["schemas"]["Meta"];
            };
        };
        /** @description GET /user/export: the caller's tags, taggings and notes in the shapes of /user/tags, /user/taggings and /user/notes (POST /user/import reads it back: ImportBody). */
        ExportDocument: {
            export: {
                /** @constant */
                format_version: 1;
                exported_at: components["schemas"]["Timestamp"];
                tags: {
                    tag: components["schemas"]["Tag"][];
                };
                taggings: {
                    tagging: components["schemas"]["Tagging"][];
                };
                notes: {
                    note: components["schemas"]["Note"][];
                };
                meta?: components["schemas"]["Meta"];
            };
        };
        /** @description An export document (ExportDocument), from any account, XML or JSON. Only the taggings (tag name, references) and the notes (title, content, references) are read, and each item's `id` and `created_at`: an item the caller still has (that id, made that second) is skipped, however it was edited since (docs/sync.md "Export and import"); user ids, other timestamps, revisions, `public`, `tags`, `format_version`, `exported_at` and `meta` are ignored. Each item is checked as its create route checks it. */
        ImportBody: {
            export: {
                taggings?: {
                    tagging: {
                        tag?: {
                            name?: string;
                            id?: number | string;
                        };
                        references?: {
                            reference: {
                                /** @description verse id, e.g. KJV:John.3.16 */
                                start: string;
                                /** @description verse id */
                                end: string;
                            } | {
                                /** @description verse id, e.g. KJV:John.3.16 */
                                start: string;
                                /** @description verse id */
                                end: string;
                            }[];
                        } | {
                            /** @description verse id, e.g. KJV:John.3.16 */
                            start: string;
                            /** @description verse id */
                            end: string;
                        }[];
                    } | {
                        tag?: {
                            name?: string;
                            id?: number | string;
                        };
                        references?: {
                            reference: {
                                /** @description verse id, e.g. KJV:John.3.16 */
                                start: string;
                                /** @description verse id */
                                end: string;
                            } | {
                                /** @description verse id, e.g. KJV:John.3.16 */
                                start: string;
                                /** @description verse id */
                                end: string;
                            }[];
                        } | {
                            /** @description verse id, e.g. KJV:John.3.16 */
                            start: string;
                            /** @description verse id */
                            end: string;
                        }[];
                    }[];
                } | {
                    tag?: {
                        name?: string;
                        id?: number | string;
                    };
                    references?: {
                        reference: {
                            /** @description verse id, e.g. KJV:John.3.16 */
                            start: string;
                            /** @description verse id */
                            end: string;
                        } | {
                            /** @description verse id, e.g. KJV:John.3.16 */
                            start: string;
                            /** @description verse id */
                            end: string;
                        }[];
                    } | {
                        /** @description verse id, e.g. KJV:John.3.16 */
                        start: string;
                        /** @description verse id */
                        end: string;
                    }[];
                }[];
                notes?: {
                    note: {
                        title?: string;
                        content?: string;
                        /** @enum {unknown} */
                        public?: 0 | 1 | "0" | "1";
                        references?: {
                            reference: {
                                /** @description verse id, e.g. KJV:John.3.16 */
                                start: string;
                                /** @description verse id */
                                end: string;
                            } | {
                                /** @description verse id, e.g. KJV:John.3.16 */
                                start: string;
                                /** @description verse id */
                                end: string;
                            }[];
                        } | {
                            /** @description verse id, e.g. KJV:John.3.16 */
                            start: string;
                            /** @description verse id */
                            end: string;
                        }[];
                    } | {
                        title?: string;
                        content?: string;
                        /** @enum {unknown} */
                        public?: 0 | 1 | "0" | "1";
                        references?: {
                            reference: {
                                /** @description verse id, e.g. KJV:John.3.16 */
                                start: string;
                                /** @description verse id */
                                end: string;
                            } | {
                                /** @description verse id, e.g. KJV:John.3.16 */
                                start: string;
                                /** @description verse id */
                                end: string;
                            }[];
                        } | {
                            /** @description verse id, e.g. KJV:John.3.16 */
                            start: string;
                            /** @description verse id */
                            end: string;
                        }[];
                    }[];
                } | {
                    title?: string;
                    content?: string;
                    /** @enum {unknown} */
                    public?: 0 | 1 | "0" | "1";
                    references?: {
                        reference: {
                            /** @description verse id, e.g. KJV:John.3.16 */
                            start: string;
                            /** @description verse id */
                            end: string;
                        } | {
                            /** @description verse id, e.g. KJV:John.3.16 */
                            start: string;
                            /** @description verse id */
                            end: string;
                        }[];
                    } | {
                        /** @description verse id, e.g. KJV:John.3.16 */
                        start: string;
                        /** @description verse id */
                        end: string;
                    }[];
                }[];
            };
        };
        Change: {
            /** @enum {unknown} */
            kind: "note" | "tagging" | "tag";
            id: number;
            /** @description The item's revision after this change (a tombstone's: the deletion's) */
            revision: number;
            /** @enum {unknown} */
            deleted: 0 | 1;
            changed_at: components["schemas"]["Timestamp"];
            note?: components["schemas"]["Note"];
            tagging?: components["schemas"]["Tagging"];
            tag?: components["schemas"]["Tag"];
        };
        /** @description GET /user/changes: a page of the changes feed (docs/sync.md). Each item once, as it is now (a live one with its document, a deleted one as a tombstone); `cursor` is `since` for the next request, `more` 1 while changes remain after it. */
        ChangesDocument: {
            changes: {
                change: components["schemas"]["Change"][];
                cursor: string;
                /** @enum {unknown} */
                more: 0 | 1;
                meta?: components["schemas"]["Meta"];
            };
        };
        ImportDocument: {
            import: {
                taggings_added: number;
                taggings_skipped: number;
                notes_added: number;
                notes_skipped: number;
                meta: components["schemas"]["Meta"];
            };
        };
        StatusDocument: {
            statuses: {
                status: components["schemas"]["Status"][];
                meta: components["schemas"]["Meta"];
            };
        };
        ReferencesDocument: {
            references: {
                reference: components["schemas"]["FoundReference"][];
                meta: components["schemas"]["Meta"];
            };
        };
        VersionsDocument: {
            versions: {
                version: components["schemas"]["Version"][];
                meta: components["schemas"]["Meta"];
            };
        };
        BookGroupsDocument: {
            bookgroups: {
                bookgroup: components["schemas"]["BookGroup"][];
                meta: components["schemas"]["Meta"];
            };
        };
        BooksDocument: {
            books: {
                book: components["schemas"]["Book"][];
                meta: components["schemas"]["Meta"];
            };
        };
        ChaptersDocument: {
            chapters: {
                chapter: components["schemas"]["Chapter"][];
                meta: components["schemas"]["Meta"];
            };
        };
        VersesDocument: {
            verses: {
                verse: components["schemas"]["Verse"][];
                meta: components["schemas"]["Meta"];
            };
        };
        TagsDocument: {
            tags: {
                tag: components["schemas"]["Tag"][];
                meta: components["schemas"]["Meta"];
            };
        };
        TaggingsDocument: {
            taggings: {
                tagging: components["schemas"]["Tagging"][];
                meta: components["schemas"]["Meta"];
            };
        };
        NotesDocument: {
            notes: {
                note: components["schemas"]["Note"][];
                meta: components["schemas"]["Meta"];
            };
        };
        TagListDocument: {
            tags: {
                tag: components["schemas"]["Tag"][];
                summary: {
                    start: number;
                    total: number;
                    rpp: number;
                };
                meta: components["schemas"]["Meta"];
            };
        };
        TaggingListDocument: {
            taggings: {
                tagging: components["schemas"]["Tagging"][];
                summary: {
                    start: number;
                    total: number;
                    rpp: number;
                };
                meta: components["schemas"]["Meta"];
            };
        };
        NoteListDocument: {
            notes: {
                note: components["schemas"]["Note"][];
                summary: {
                    start: number;
                    total: number;
                    rpp: number;
                };
                meta: components["schemas"]["Meta"];
            };
        };
        UsersDocument: {
            users: {
                user: components["schemas"]["User"][];
                meta: components["schemas"]["Meta"];
            };
        };
        KeywordSearchDocument: {
            search: {
                result: {
                    /** @constant */
                    type: "verses";
                    summary: {
                        query: string;
                        start: number;
                        total: number;
                        rpp: number;
                        /** @enum {unknown} */
                        sort: "relevance" | "canonical";
                        versions: string;
                        testaments: string;
                    };
                    spelling: {
                        suggestion: string[];
                    } | null;
                    verses: {
                        verse: components["schemas"]["Verse"][];
                    };
                };
                meta: components["schemas"]["Meta"];
            };
        };
        ConcordanceDocument: {
            search: {
                result: {
                    /** @constant */
                    type: "verses";
                    summary: {
                        /** @description the numbers searched, comma-separated (empty when a lemma heads no entry) */
                        strongs: string;
                        /** @description the lemma asked for (`lemma=`), as given */
                        lemma: string;
                        start: number;
                        total: number;
                        rpp: number;
                        /** @description words tagged with the numbers in the versions searched (whole versions): in the KJV its English phrases, an original word rendered by two phrases counted twice */
                        words: number;
                        /** @description original-language words tagged with the numbers in the versions searched (whole versions): in the WLC, TR and SBLGNT their words, in the KJV the Hebrew and Greek words its phrases render, each once */
                        occurrences: number;
                        versions: string;
                        testaments: string;
                        /** @description verses per book within the filters */
                        book: {
                            id: string;
                            count: number;
                        }[];
                        /** @description how each version renders the numbers (whole versions): its 50 most frequent renderings (`renderings=all`: every one), most frequent first; the English as printed (`I love`, `the LORD`), renderings that differ only in case counted together under the form most of them print */
                        rendering: {
                            version: string;
                            text: string;
                            count: number;
                        }[];
                    };
                    verses: {
                        verse: components["schemas"]["Verse"][];
                    };
                };
                meta: components["schemas"]["Meta"];
            };
        };
        /** @description Keyword search (`keyword`) or the concordance of numbers (`strongs`) or of a lemma (`lemma`) */
        VerseSearchDocument: components["schemas"]["KeywordSearchDocument"] | components["schemas"]["ConcordanceDocument"];
        WordsDocument: {
            words: {
                version: string;
                chapter: {
                    id: string;
                    path: string;
                };
                verse: components["schemas"]["VerseWords"][];
                copyright: string;
                meta: components["schemas"]["Meta"];
            };
        };
        GreekDifferencesDocument: {
            differences: {
                chapter: {
                    id: string;
                    path: string;
                };
                summary: {
                    /** @description groups of verses compared (the verses holding one text) */
                    groups: number;
                    /** @description groups with at least one difference */
                    differing: number;
                    differences: number;
                };
                group: {
                    tr: {
                        verse: {
                            id: string;
                            path: string;
                        }[];
                    };
                    sblgnt: {
                        verse: {
                            id: string;
                            path: string;
                        }[];
                    };
                    difference: {
                        /**
                         * @description added: SBLGNT words the TR lacks; omitted: TR words the SBLGNT lacks; changed: TR words the SBLGNT has otherwise; spelling: the same words spelt otherwise, word for word (a movable ν, an elided vowel)
                         * @enum {unknown}
                         */
                        kind: "added" | "omitted" | "changed" | "spelling";
                        tr?: {
                            text: string;
                            word: {
                                verse: string;
                                position: number;
                                text: string;
                            }[];
                        };
                        sblgnt?: {
                            text: string;
                            word: {
                                verse: string;
                                position: number;
                                text: string;
                            }[];
                        };
                    }[];
                }[];
                copyright: string;
                meta: components["schemas"]["Meta"];
            };
        };
        StrongsDocument: {
            strongs: {
                entry: components["schemas"]["LexiconEntry"][];
                meta: components["schemas"]["Meta"];
            };
        };
        LibraryWork: {
            id: string;
            name: string;
            author: string;
            year: number;
            /** @description ISO 639-3 */
            lang: string;
            /** @description commentary entries */
            entries: number;
            copyright: string;
        };
        LibraryPassage: {
            reference: string;
            /** @description first verse id (KJV numbering, the numbering of every library source) */
            start: string;
            /** @description last verse id */
            end: string;
            /** @description our resource showing exactly the passage: a verse, a chapter, or a chapter's verse list */
            path: string;
        };
        CommentaryEntry: {
            /** @description commentary and first verse, `MHCC:John.3.1` */
            id: string;
            commentary: string;
            name: string;
            /**
             * @description an introduction (verse 0 in the module): of the book, before chapter 1, or of the chapter
             * @enum {unknown}
             */
            introduction?: "book" | "chapter";
            passage: components["schemas"]["LibraryPassage"];
            /** @description the same passage in the requested version when it is not the KJV: its book's name, its numbering (the verses holding the passage's text, through the versification map), its path; absent when the version holds none of it */
            in_version?: components["schemas"]["LibraryPassage"];
            verses: {
                /** @description the requested chapter's verses it covers, in that version's numbering */
                verse: number[];
            };
            /** @description HTML subset `p b i ol li span[lang] a[href]`, links to verses, chapters, commentaries and topics: in the requested version where it holds the cited verses (through the versification map), else in the KJV */
            text: string;
            /** @constant */
            truncated?: "true";
            whole?: {
                path: string;
                pages: number;
            };
        };
        CommentaryListDocument: {
            commentaries: {
                commentary: components["schemas"]["LibraryWork"][];
                meta: components["schemas"]["Meta"];
            };
        };
        CommentariesDocument: {
            commentaries: {
                chapter?: {
                    path: string;
                    name: string;
                    id: string;
                };
                verse?: {
                    path: string;
                    name: string;
                    id: string;
                };
                entry: components["schemas"]["CommentaryEntry"][];
                /** @description the commentaries the entries come from, with their copyright */
                work: components["schemas"]["LibraryWork"][];
                meta: components["schemas"]["Meta"];
            };
        };
        CommentaryEntryDocument: {
            commentary: {
                entry: {
                    id: string;
                    commentary: string;
                    name: string;
                    /** @enum {unknown} */
                    introduction?: "book" | "chapter";
                    passage: components["schemas"]["LibraryPassage"];
                    chapter: {
                        path: string;
                    };
                    page: number;
                    pages: number;
                    text: string;
                    next?: {
                        path: string;
                    };
                    previous?: {
                        path: string;
                    };
                    path: string;
                    copyright: string;
                }[];
                meta: components["schemas"]["Meta"];
            };
        };
        TopicLink: {
            id: string;
            name: string;
            path: string;
        };
        TopicListDocument: {
            topics: {
                topic: components["schemas"]["TopicLink"][];
                summary: {
                    start: number;
                    total: number;
                    rpp: number;
                };
                meta: components["schemas"]["Meta"];
            };
        };
        TopicDocument: {
            topics: {
                topic: {
                    id: string;
                    name: string;
                    path: string;
                    /** @description the page of sub-topics (`summary` counts them) */
                    subtopic: {
                        index: number;
                        /** @enum {unknown} */
                        depth: 0 | 1;
                        /** @description inline HTML of the subset */
                        text: string;
                        passage: components["schemas"]["LibraryPassage"][];
                    }[];
                    related: {
                        id: string;
                        name: string;
                        path: string;
                        /**
                         * @description `see`: the topic links to it; `see-from`: it links to the topic
                         * @enum {unknown}
                         */
                        link: "see" | "see-from";
                    }[];
                    copyright: string;
                }[];
                summary: {
                    start: number;
                    total: number;
                    rpp: number;
                };
                meta: components["schemas"]["Meta"];
            };
        };
        CitingTopicsDocument: {
            topics: {
                chapter?: {
                    path: string;
                    name: string;
                    id: string;
                };
                verse?: {
                    path: string;
                    name: string;
                    id: string;
                };
                topic: {
                    id: string;
                    name: string;
                    path: string;
                    line: {
                        index: number;
                        /** @description the sub-topic as plain text, cut at 160 characters */
                        text: string;
                    }[];
                    verses: {
                        verse: number[];
                    };
                }[];
                copyright: string;
                meta: components["schemas"]["Meta"];
            };
        };
        CrossReferencesDocument: {
            cross_references: {
                chapter?: {
                    path: string;
                    name: string;
                    id: string;
                };
                /** @description the source of the lists: `TSK`, the Treasury of Scripture Knowledge */
                source: string;
                basis: string;
                order: string;
                /** @description a verse's request: the verse with its list; a chapter's: each verse of it that has references */
                verse: {
                    path: string;
                    name: string;
                    id: string;
                    reference: components["schemas"]["CrossReference"][];
                }[];
                summary: {
                    /** @description the verses listed */
                    verses: number;
                    /** @description the references in the response */
                    total: number;
                    /** @description with include=text: the references given with their text */
                    texts?: number;
                    /** @description with include=text: the most references given with text */
                    text_limit?: number;
                };
                copyright: string;
                meta: components["schemas"]["Meta"];
            };
        };
        CrossReference: {
            /** @description the target verse in the version asked for, or the KJV's where the version lacks the book or that text */
            id: string;
            name: string;
            path: string;
            /**
             * @description present when the target's own list names the verse
             * @constant
             */
            both_ways?: "true";
            /** @description how many of Nave's sub-topics and the commentaries' entries cite the verse and the target together */
            cited_with: number;
            /** @description with include=text: the target verse as /verses gives its text */
            text?: string;
        };
        DownloadDocument: {
            download: {
                version: {
                    id: string;
                    version_id: number;
                    name: string;
                    abbreviation: string;
                    lang: string;
                    lang_name: string;
                    lang_name_eng: string;
                    info: string;
                    copyright: string;
                    /** @description whose translators' notes they are, when the version has them */
                    footnotes_copyright?: string;
                };
                /** @description every book the snapshot holds chapters of, in the version's order */
                book: {
                    id: string;
                    name: string;
                    abbr: string;
                    ord: number;
                    /** @enum {unknown} */
                    testament: "OT" | "NT" | "DEUT";
                    chapter: {
                        id: string;
                        chapter: number;
                        verse: {
                            id: string;
                            verse: number;
                            lastverse: number;
                            /** @description the verse's HTML, as /verses/{verse_id} gives it */
                            text: string;
                            note?: components["schemas"]["Footnote"][];
                        }[];
                    }[];
                }[];
            };
        };
        ChecksumsDocument: {
            checksums: {
                version: string;
                download: {
                    /** @enum {unknown} */
                    format: "xml" | "js";
                    path: string;
                    bytes: number;
                    sha256: string;
                }[];
                book: {
                    id: string;
                    name: string;
                    chapters: number;
                    verses: number;
                    checksum: {
                        /** @enum {unknown} */
                        format: "xml" | "js";
                        bytes: number;
                        sha256: string;
                    }[];
                }[];
                summary: {
                    books: number;
                    chapters: number;
                    verses: number;
                };
                meta: components["schemas"]["Meta"];
            };
        };
        FootnotesDocument: {
            footnotes: {
                chapter?: {
                    path: string;
                    name: string;
                    id: string;
                };
                /** @description the version whose notes these are */
                version: string;
                /** @description a verse's request: the verse with its notes (none: an empty list); a chapter's: each verse of it that has notes */
                verse: {
                    path: string;
                    name: string;
                    id: string;
                    note: components["schemas"]["Footnote"][];
                }[];
                summary: {
                    /** @description the verses listed */
                    verses: number;
                    /** @description the notes in the response */
                    total: number;
                    /** @description the version's notes in all */
                    in_version: number;
                };
                /** @description whose notes they are and on what terms */
                copyright: string;
                meta: components["schemas"]["Meta"];
            };
        };
        Footnote: {
            /**
             * @description present when the note is on the verse's title (a Psalm's), not its text
             * @constant
             */
            title?: "true";
            /** @description where the note stands: after this many characters (Unicode code points) of the verse's plain text (its `text` without markup) or of its title */
            offset: number;
            /** @description the words the note is on: the source's own (the KJV's margin names them; `…` where they go on), else the word before `offset`; empty for a note on a slot without text */
            anchor: string;
            /**
             * @description what the note is, where its source says (data/footnote-kinds.json: `Heb.` literal, `or,` alternative…); absent otherwise
             * @enum {unknown}
             */
            kind?: "alternative" | "literal" | "textual" | "explanation" | "cross-reference";
            text: string;
        };
        RelatedDocument: {
            related: {
                verse: {
                    path: string;
                    name: string;
                    id: string;
                };
                /** @constant */
                kind: "cited-with";
                basis: string;
                /** @description a LibraryPassage with how many citing units put it with the verse: in all, sub-topics of Nave's, commentary entries */
                passage: {
                    reference: string;
                    start: string;
                    end: string;
                    path: string;
                    count: number;
                    topics: number;
                    commentaries: number;
                }[];
                summary: {
                    shown: number;
                    total: number;
                };
                meta: components["schemas"]["Meta"];
            };
        };
        PassagesDocument: {
            search: {
                result: {
                    /** @constant */
                    type: "passages";
                    passages: {
                        passage: components["schemas"]["Passage"][];
                    };
                };
                meta: components["schemas"]["Meta"];
            };
        };
        /** @description `{"note":{…}}`; `{"notes":{"note":{…}}}` and `{"notes":[{…}]}` are accepted too. */
        NoteBody: {
            note: {
                title?: string;
                content?: string;
                /** @enum {unknown} */
                public?: 0 | 1 | "0" | "1";
                references?: {
                    reference: {
                        /** @description verse id, e.g. KJV:John.3.16 */
                        start: string;
                        /** @description verse id */
                        end: string;
                    } | {
                        /** @description verse id, e.g. KJV:John.3.16 */
                        start: string;
                        /** @description verse id */
                        end: string;
                    }[];
                } | {
                    /** @description verse id, e.g. KJV:John.3.16 */
                    start: string;
                    /** @description verse id */
                    end: string;
                }[];
            };
        };
        ReportBody: {
            report: {
                reason: string;
            };
        };
        ModerationBody: {
            moderation: {
                /** @enum {unknown} */
                action: "approve" | "hide" | "remove" | "restore";
                reason?: string;
            };
        };
        TaggingBody: {
            tagging: {
                tag?: {
                    name?: string;
                    id?: number | string;
                };
                references?: {
                    reference: {
                        /** @description verse id, e.g. KJV:John.3.16 */
                        start: string;
                        /** @description verse id */
                        end: string;
                    } | {
                        /** @description verse id, e.g. KJV:John.3.16 */
                        start: string;
                        /** @description verse id */
                        end: string;
                    }[];
                } | {
                    /** @description verse id, e.g. KJV:John.3.16 */
                    start: string;
                    /** @description verse id */
                    end: string;
                }[];
            };
        };
        /** @description `{"texts":{"text":["…","…"]}}` (XML: `<texts><text>…</text>…</texts>`): at most 100 texts of at most 200 characters each */
        ReferencesBody: {
            texts: {
                text: string | string[];
            };
        };
        UserBody: {
            user: {
                first_name?: string;
                last_name?: string;
                /** @description the name others see beside your public notes (empty: anonymous) */
                display_name?: string;
                email?: string;
                /** @description a new password also rotates the API token */
                password?: string;
            };
        };
    };
    responses: {
        /** @description Malformed request or body */
        E400: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
                "application/xml": components["schemas"]["Errors"];
            };
        };
        /** @description No valid API token (send it as the HTTP Basic user name) */
        E401: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
                "application/xml": components["schemas"]["Errors"];
            };
        };
        /** @description Not allowed: reporting one's own note (docs/public-notes.md), any /moderation route without the moderator role; a read key refused (docs/tagger.md): the key is unknown or revoked, the request's `Origin` is missing or not one the key lists, or the route is not one a key may call (personal content, pages); or a cross-site write refused: a POST, PUT or DELETE that a browser marks as coming from another site (an Origin other than the service's own, `Origin: null`, or without Origin `Sec-Fetch-Site` cross-site/same-site), unless that origin is listed by name in CORS_ORIGINS or the request has an XML or JSON Content-Type and is not a navigation (a browser sends such a request only after a CORS preflight). Answered before the token lookup and any rate limit: no WWW-Authenticate, not counted */
        E403: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
                "application/xml": components["schemas"]["Errors"];
            };
        };
        /** @description No such route or resource (personal routes: also under /v2/) */
        E404: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
                "application/xml": components["schemas"]["Errors"];
            };
        };
        /** @description Conflict with what is stored: a second report of the same note by the same account, or a moderation action the note's state does not allow (restoring a note that was not removed, acting on a removed note before restoring it); or a retry with an Idempotency-Key while the first request with it still runs (`Retry-After`: retry for its answer, docs/sync.md); nothing is changed */
        E409: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
                "application/xml": components["schemas"]["Errors"];
            };
        };
        /** @description The changes feed's cursor (`since`) is older than the deletions kept: sync again from the start, without `since` (docs/sync.md "Retention") */
        E410: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
                "application/xml": components["schemas"]["Errors"];
            };
        };
        /** @description Body larger than 64 KiB (POST /user/import: 8965536 bytes, at most 4000 taggings and notes and 10000 references; POST /references: 32768 bytes, at most 100 texts of 200 characters holding at most 50 numbers and 100 words) */
        E413: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
                "application/xml": components["schemas"]["Errors"];
            };
        };
        /** @description Missing or unsupported Content-Type */
        E415: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
                "application/xml": components["schemas"]["Errors"];
            };
        };
        /** @description Invalid data; every problem is listed. Also the same Idempotency-Key sent with another request (method, path or body; docs/sync.md), or a write that would take the account over a quota (at most 2000 notes, 2000 taggings, 200 tag names in use, 10000 references, 500000 characters of note text and 200 public notes): nothing of it is written */
        E422: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
                "application/xml": components["schemas"]["Errors"];
            };
        };
        /** @description Rate limit reached for this token (writes, publications, keyword searches, passages over several chapters: docs/configuration.md "Rate limits"), or a new Idempotency-Key when the account's kept answers are full (docs/sync.md "Retention"); `Retry-After` says how many seconds to wait */
        E429: {
            headers: {
                /** @description Seconds until the limit has certainly started again */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
                "application/xml": components["schemas"]["Errors"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusDocument"];
                    "application/xml": components["schemas"]["StatusDocument"];
                };
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    getVersions: {
        parameters: {
            query?: {
                /** @description ISO 639-3 code(s), comma-separated, e.g. `eng` */
                language?: string;
            };
            header?: never;
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionsDocument"];
                    "application/xml": components["schemas"]["VersionsDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getVersionsVersionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Version code
                 * @example KJV
                 */
                version_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionsDocument"];
                    "application/xml": components["schemas"]["VersionsDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getVersionsVersionIdBooks: {
        parameters: {
            query?: {
                /** @description `OT`, `NT` or `DEUT` (comma list allowed) */
                testament?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Version code
                 * @example KJV
                 */
                version_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BooksDocument"];
                    "application/xml": components["schemas"]["BooksDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getVersionsVersionIdDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Version code
                 * @example KJV
                 */
                version_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK, streamed (no `meta`: the bytes are fixed at build time; the strong ETag is their SHA-256) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DownloadDocument"];
                    "application/xml": components["schemas"]["DownloadDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the ETag, the SHA-256); not counted against the rate limit */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            429: components["responses"]["E429"];
        };
    };
    getVersionsVersionIdChecksums: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Version code
                 * @example KJV
                 */
                version_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChecksumsDocument"];
                    "application/xml": components["schemas"]["ChecksumsDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getBookgroups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookGroupsDocument"];
                    "application/xml": components["schemas"]["BookGroupsDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getBookgroupsBookgroupId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id
                 * @example 6
                 */
                bookgroup_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookGroupsDocument"];
                    "application/xml": components["schemas"]["BookGroupsDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getBookgroupsBookgroupIdBooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id
                 * @example 6
                 */
                bookgroup_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BooksDocument"];
                    "application/xml": components["schemas"]["BooksDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getBooksBookId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book` (OSIS)
                 * @example KJV:John
                 */
                book_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BooksDocument"];
                    "application/xml": components["schemas"]["BooksDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getBooksBookIdChapters: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book`
                 * @example KJV:John
                 */
                book_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChaptersDocument"];
                    "application/xml": components["schemas"]["ChaptersDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getChaptersChapterId: {
        parameters: {
            query?: {
                /** @description `true`: each verse's section headings (a USFM source's `\s#`), as `<h3 class="heading">`, before its text; default `false` */
                include_headings?: "true" | "false";
                /** @description The page only: another version whose same chapter is shown beside, e.g. `ASV` */
                parallel?: string;
            };
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N`
                 * @example KJV:John.3
                 */
                chapter_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChaptersDocument"];
                    "application/xml": components["schemas"]["ChaptersDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getChaptersChapterIdVerses: {
        parameters: {
            query?: {
                /** @description First verse number */
                start?: number;
                /** @description Last verse number (of `end_chapter` when given) */
                end?: number;
                /** @description Last chapter of a range over several chapters */
                end_chapter?: number;
                /** @description `true`: each verse's section headings (a USFM source's `\s#`), as `<h3 class="heading">`, before its text; default `false` */
                include_headings?: "true" | "false";
            };
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N`
                 * @example KJV:John.3
                 */
                chapter_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersesDocument"];
                    "application/xml": components["schemas"]["VersesDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            429: components["responses"]["E429"];
        };
    };
    getVersesRandom: {
        parameters: {
            query?: {
                /** @description Any text of 1 to 100 characters, e.g. a date: `2026-11-27` */
                seed?: string;
                /** @description Version codes, comma-separated */
                version?: string;
                /** @description Languages (ISO 639-3), comma-separated */
                language?: string;
                /** @description `OT`, `NT`, `DEUT`, comma-separated */
                testament?: string;
                /** @description OSIS book codes, comma-separated */
                book?: string;
            };
            header?: never;
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersesDocument"];
                    "application/xml": components["schemas"]["VersesDocument"];
                };
            };
            /** @description Not modified, with `seed` only (If-None-Match matched the weak ETag); without it every answer is a fresh draw, `no-store` */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getVersesVerseId: {
        parameters: {
            query?: {
                /** @description `true`: each verse's section headings (a USFM source's `\s#`), as `<h3 class="heading">`, before its text; default `false` */
                include_headings?: "true" | "false";
            };
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N.M`
                 * @example KJV:John.3.16
                 */
                verse_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersesDocument"];
                    "application/xml": components["schemas"]["VersesDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getVersesVerseIdWords: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N.M`
                 * @example KJV:John.3.16
                 */
                verse_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WordsDocument"];
                    "application/xml": components["schemas"]["WordsDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getVersesVerseIdGreekDifferences: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description `TR:Book.N.M` or `SBLGNT:Book.N.M`, or a chapter `TR:Book.N`
                 * @example SBLGNT:3John.1.15
                 */
                verse_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GreekDifferencesDocument"];
                    "application/xml": components["schemas"]["GreekDifferencesDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getChaptersChapterIdWords: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N`
                 * @example KJV:John.3
                 */
                chapter_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WordsDocument"];
                    "application/xml": components["schemas"]["WordsDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            429: components["responses"]["E429"];
        };
    };
    getStrongsNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description `H` and a number for Hebrew and Aramaic, `G` for Greek; zero padding and lower case are accepted (`G0025`, `g25`)
                 * @example G25
                 */
                number: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrongsDocument"];
                    "application/xml": components["schemas"]["StrongsDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getCommentaries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentaryListDocument"];
                    "application/xml": components["schemas"]["CommentaryListDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getChaptersChapterIdCommentaries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N`
                 * @example KJV:John.3
                 */
                chapter_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentariesDocument"];
                    "application/xml": components["schemas"]["CommentariesDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getVersesVerseIdCommentaries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N.M`
                 * @example KJV:John.3.16
                 */
                verse_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentariesDocument"];
                    "application/xml": components["schemas"]["CommentariesDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getCommentariesCommentaryIdVerseId: {
        parameters: {
            query?: {
                /** @description Page, from 1 (default 1) */
                page?: number;
            };
            header?: never;
            path: {
                /**
                 * @description `MHCC`, `Scofield` or `TDavid`
                 * @example TDavid
                 */
                commentary_id: string;
                /**
                 * @description The KJV verse the entry starts at
                 * @example KJV:Ps.23.1
                 */
                verse_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentaryEntryDocument"];
                    "application/xml": components["schemas"]["CommentaryEntryDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getTopics: {
        parameters: {
            query?: {
                /** @description Words of the name */
                q?: string;
                /** @description Items to skip (default 0). The response's `summary` gives `start` (offset + 1), `total` and `rpp`; the next page is offset = start - 1 + rpp while that is below total */
                offset?: number;
                /** @description Items per page: default 100, larger values are clamped to 500 */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopicListDocument"];
                    "application/xml": components["schemas"]["TopicListDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getTopicsTopicId: {
        parameters: {
            query?: {
                /** @description Items to skip (default 0). The response's `summary` gives `start` (offset + 1), `total` and `rpp`; the next page is offset = start - 1 + rpp while that is below total */
                offset?: number;
                /** @description Items per page: default 100, larger values are clamped to 500 */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The topic id, its name in lower case with hyphens
                 * @example love
                 */
                topic_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopicDocument"];
                    "application/xml": components["schemas"]["TopicDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            429: components["responses"]["E429"];
        };
    };
    getVersesVerseIdTopics: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N.M`
                 * @example KJV:John.3.16
                 */
                verse_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CitingTopicsDocument"];
                    "application/xml": components["schemas"]["CitingTopicsDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getChaptersChapterIdTopics: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N`
                 * @example KJV:John.3
                 */
                chapter_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CitingTopicsDocument"];
                    "application/xml": components["schemas"]["CitingTopicsDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getVersesVerseIdCrossReferences: {
        parameters: {
            query?: {
                /** @description `text`: each target with its verse text as /verses gives it, for the first 40 targets (summary.texts says how many); any other value is a 400 */
                include?: "text";
            };
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N.M`
                 * @example KJV:John.3.16
                 */
                verse_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CrossReferencesDocument"];
                    "application/xml": components["schemas"]["CrossReferencesDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getChaptersChapterIdCrossReferences: {
        parameters: {
            query?: {
                /** @description `text`: each target with its verse text as /verses gives it, for the first 40 targets (summary.texts says how many); any other value is a 400 */
                include?: "text";
            };
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N`
                 * @example KJV:John.3
                 */
                chapter_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CrossReferencesDocument"];
                    "application/xml": components["schemas"]["CrossReferencesDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            429: components["responses"]["E429"];
        };
    };
    getVersesVerseIdFootnotes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N.M`
                 * @example KJV:Gen.1.11
                 */
                verse_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FootnotesDocument"];
                    "application/xml": components["schemas"]["FootnotesDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getChaptersChapterIdFootnotes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N`
                 * @example WEB:Gen.1
                 */
                chapter_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FootnotesDocument"];
                    "application/xml": components["schemas"]["FootnotesDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getVersesVerseIdRelated: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description `VERSION:Book.N.M`
                 * @example KJV:John.3.16
                 */
                verse_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelatedDocument"];
                    "application/xml": components["schemas"]["RelatedDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    getVerses: {
        parameters: {
            query?: {
                /** @description Words; a quoted phrase must match in order (this, `strongs` or `lemma` is required) */
                keyword?: string;
                /** @description A Strong's number (`H157`, `G25`), or up to 10 of one language comma-separated: the concordance, every verse where one occurs in the tagged versions, in canonical order, the words that render it in `<em>`; `keyword`'s options other than the filters and paging do not apply */
                strongs?: string;
                /** @description A Hebrew or Greek dictionary form, with or without points and accents (`אָהַב`, `ἀγαπάω`, `αγαπαω`): the concordance of the Strong's numbers whose lexicon headword it is (homographs together), so every inflected form is found; none heads it: no verses */
                lemma?: string;
                /** @description Part of speech: grammar search */
                pos?: "verb" | "noun" | "adjective" | "article" | "pronoun" | "preposition" | "conjunction" | "adverb" | "particle" | "interjection" | "suffix";
                /** @description Greek tense (second tenses are their tense): grammar search */
                tense?: "present" | "imperfect" | "future" | "aorist" | "perfect" | "pluperfect";
                /** @description Greek voice (deponents are filed under the voice of their form): grammar search */
                voice?: "active" | "middle" | "passive" | "middle-or-passive";
                /** @description Greek mood (participles and infinitives too): grammar search */
                mood?: "indicative" | "subjunctive" | "optative" | "imperative" | "infinitive" | "participle";
                /** @description Person: grammar search */
                person?: "first" | "second" | "third";
                /** @description Number: grammar search */
                number?: "singular" | "plural" | "dual";
                /** @description Gender (`common`: also a Hebrew noun of either gender): grammar search */
                gender?: "masculine" | "feminine" | "neuter" | "common";
                /** @description Greek case: grammar search */
                case?: "nominative" | "vocative" | "genitive" | "dative" | "accusative";
                /** @description Hebrew or Aramaic verb stem (binyan): grammar search */
                stem?: "qal" | "niphal" | "piel" | "pual" | "hiphil" | "hophal" | "hithpael" | "polel" | "polal" | "hithpolel" | "poel" | "poal" | "palel" | "pulal" | "qal-passive" | "pilpel" | "polpal" | "hithpalpel" | "nithpael" | "pealal" | "pilel" | "hothpaal" | "tiphil" | "hishtaphel" | "nithpalel" | "nithpoel" | "hithpoel" | "peal" | "peil" | "hithpeel" | "pael" | "ithpaal" | "hithpaal" | "aphel" | "haphel" | "saphel" | "shaphel" | "ithpeel" | "ishtaphel" | "hithaphel" | "ithpoel" | "hephal" | "tiphel" | "palpel" | "ithpalpel" | "ithpolel" | "ittaphal" | "hithpalel" | "hithpeal" | "ithpeal" | "palpal" | "poalal";
                /** @description Hebrew or Aramaic verb form (`infinitive`: either infinitive; the KJV says no more, nor tells a wayyiqtol from an imperfect): grammar search */
                form?: "perfect" | "imperfect" | "wayyiqtol" | "weqatal" | "imperative" | "jussive" | "cohortative" | "infinitive-construct" | "infinitive-absolute" | "participle" | "infinitive";
                /** @description `all` (default) or `any` */
                precision?: "all" | "any";
                /** @description Words that must not appear */
                exclude?: string;
                /** @description `yes`: suggest words when nothing matches */
                spelling?: "yes" | "no";
                /** @description Version codes, comma-separated */
                version?: string;
                /** @description Languages (ISO 639-3), comma-separated */
                language?: string;
                /** @description `OT`, `NT`, `DEUT`, comma-separated */
                testament?: string;
                /** @description OSIS book codes, comma-separated */
                book?: string;
                /** @description `relevance` (default) or `canonical` */
                sort_order?: "relevance" | "canonical";
                /** @description Results to skip */
                offset?: number;
                /** @description Results per page: default 15, larger values are clamped to 100 (each result carries its verse's text; `summary.rpp` shows the value used); a page whose verses are far apart also ends before it reads more than 32 values of text (a chapter each for keyword search, a block of four verses' text and words for the concordance and grammar search), and `summary.rpp` then gives how many it holds */
                limit?: number;
                /** @description The concordance's `summary.rendering`: `top` (default) lists each version's 50 most frequent renderings, `all` every one */
                renderings?: "top" | "all";
            };
            header?: never;
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerseSearchDocument"];
                    "application/xml": components["schemas"]["VerseSearchDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            429: components["responses"]["E429"];
        };
    };
    postReferences: {
        parameters: {
            query?: {
                /** @description `eng` (the default) or `spa`: the language the texts are read in */
                language?: string;
            };
            header?: never;
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["ReferencesBody"];
                "application/json": components["schemas"]["ReferencesBody"];
                "application/javascript": components["schemas"]["ReferencesBody"];
            };
        };
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReferencesDocument"];
                    "application/xml": components["schemas"]["ReferencesDocument"];
                };
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            413: components["responses"]["E413"];
            415: components["responses"]["E415"];
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    getPassages: {
        parameters: {
            query: {
                /** @description A reference such as `John 3:16-18` (repeatable; `q[0]`, `q` also work) */
                "q[]": string;
                /** @description Version codes, comma-separated, or `ALL` */
                version?: string;
                /** @description `true`: each verse's section headings (a USFM source's `\s#`), as `<h3 class="heading">`, before its text; default `false` */
                include_headings?: "true" | "false";
            };
            header?: never;
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PassagesDocument"];
                    "application/xml": components["schemas"]["PassagesDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            429: components["responses"]["E429"];
        };
    };
    getVersionsPassages: {
        parameters: {
            query: {
                /** @description A reference */
                "q[]": string;
                /** @description `true`: each verse's section headings (a USFM source's `\s#`), as `<h3 class="heading">`, before its text; default `false` */
                include_headings?: "true" | "false";
            };
            header?: never;
            path: {
                /**
                 * @description Version codes, comma-separated, or `ALL`
                 * @example KJV,ASV
                 */
                versions: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PassagesDocument"];
                    "application/xml": components["schemas"]["PassagesDocument"];
                };
            };
            /** @description Not modified (If-None-Match matched the weak ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            429: components["responses"]["E429"];
        };
    };
    getSearch: {
        parameters: {
            query: {
                /** @description A reference, a Strong's number or words */
                query: string;
                /** @description Version codes, comma-separated */
                version?: string;
            };
            header?: never;
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the search URL */
            302: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsersDocument"];
                    "application/xml": components["schemas"]["UsersDocument"];
                };
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    putUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["UserBody"];
                "application/json": components["schemas"]["UserBody"];
                "application/javascript": components["schemas"]["UserBody"];
            };
        };
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsersDocument"];
                    "application/xml": components["schemas"]["UsersDocument"];
                };
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            413: components["responses"]["E413"];
            415: components["responses"]["E415"];
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    getUserExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportDocument"];
                    "application/xml": components["schemas"]["ExportDocument"];
                };
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
            429: components["responses"]["E429"];
        };
    };
    getUserChanges: {
        parameters: {
            query?: {
                /** @description The `cursor` of the previous page, unchanged; omit it for a first sync */
                since?: string;
                /** @description Changes per page, default 100, at most 200 (fewer when they would pass 768 KiB) */
                limit?: number;
            };
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangesDocument"];
                    "application/xml": components["schemas"]["ChangesDocument"];
                };
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
            410: components["responses"]["E410"];
            429: components["responses"]["E429"];
        };
    };
    postUserImport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: a new key (1 to 255 visible ASCII characters, a UUID say) for each new request, the same one when resending it. The same key with the same request, once answered, answers that first answer again (`Idempotent-Replayed: true`) and writes nothing; with another request, 422; while the first still runs, 409. Keys are per account, kept 24 hours (docs/sync.md "Idempotency-Key"). */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["ImportBody"];
                "application/json": components["schemas"]["ImportBody"];
                "application/javascript": components["schemas"]["ImportBody"];
            };
        };
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description true when this is the first answer to the Idempotency-Key, given again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportDocument"];
                    "application/xml": components["schemas"]["ImportDocument"];
                };
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            409: components["responses"]["E409"];
            413: components["responses"]["E413"];
            415: components["responses"]["E415"];
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    getTags: {
        parameters: {
            query?: {
                /** @description Items to skip (default 0). The response's `summary` gives `start` (offset + 1), `total` and `rpp`; the next page is offset = start - 1 + rpp while that is below total */
                offset?: number;
                /** @description Items per page: default 100, larger values are clamped to 500 */
                limit?: number;
            };
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagListDocument"];
                    "application/xml": components["schemas"]["TagListDocument"];
                };
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    getUserTags: {
        parameters: {
            query?: {
                /** @description Items to skip (default 0). The response's `summary` gives `start` (offset + 1), `total` and `rpp`; the next page is offset = start - 1 + rpp while that is below total */
                offset?: number;
                /** @description Items per page: default 100, larger values are clamped to 500 */
                limit?: number;
            };
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagListDocument"];
                    "application/xml": components["schemas"]["TagListDocument"];
                };
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    getTagsTag: {
        parameters: {
            query?: {
                /** @description Items to skip (default 0). The response's `summary` gives `start` (offset + 1), `total` and `rpp`; the next page is offset = start - 1 + rpp while that is below total */
                offset?: number;
                /** @description Items per page: default 100, larger values are clamped to 500 */
                limit?: number;
            };
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /**
                 * @description Integer id, or a form-encoded name
                 * @example faith
                 */
                tag: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagListDocument"];
                    "application/xml": components["schemas"]["TagListDocument"];
                };
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    deleteTagsTag: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: a new key (1 to 255 visible ASCII characters, a UUID say) for each new request, the same one when resending it. The same key with the same request, once answered, answers that first answer again (`Idempotent-Replayed: true`) and writes nothing; with another request, 422; while the first still runs, 409. Keys are per account, kept 24 hours (docs/sync.md "Idempotency-Key"). */
                "Idempotency-Key"?: string;
                /** @description Optional: the ETag of the revision this write is meant for (or `*`). When it is no longer the current one, the answer is 412 with the resource as it is now and nothing is written (RFC 9110 §13.1.1; docs/sync.md "Conditional writes"). Malformed: 400. */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description Integer id, or a form-encoded name
                 * @example faith
                 */
                tag: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; empty body */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    /** @description true when this is the first answer to the Idempotency-Key, given again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            409: components["responses"]["E409"];
            /** @description The If-Match does not name the current revision: the resource as it is now (its ETag in the header); nothing is written */
            412: {
                headers: {
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagListDocument"];
                    "application/xml": components["schemas"]["TagListDocument"];
                };
            };
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    getUserTaggings: {
        parameters: {
            query?: {
                /** @description Items to skip (default 0). The response's `summary` gives `start` (offset + 1), `total` and `rpp`; the next page is offset = start - 1 + rpp while that is below total */
                offset?: number;
                /** @description Items per page: default 100, larger values are clamped to 500; a page also ends before its items pass 768 KiB rendered, and `summary.rpp` then gives how many it holds */
                limit?: number;
            };
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaggingListDocument"];
                    "application/xml": components["schemas"]["TaggingListDocument"];
                };
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    postUserTaggings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: a new key (1 to 255 visible ASCII characters, a UUID say) for each new request, the same one when resending it. The same key with the same request, once answered, answers that first answer again (`Idempotent-Replayed: true`) and writes nothing; with another request, 422; while the first still runs, 409. Keys are per account, kept 24 hours (docs/sync.md "Idempotency-Key"). */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["TaggingBody"];
                "application/json": components["schemas"]["TaggingBody"];
                "application/javascript": components["schemas"]["TaggingBody"];
            };
        };
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            201: {
                headers: {
                    /** @description The new resource, with the request suffix */
                    Location?: string;
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    /** @description true when this is the first answer to the Idempotency-Key, given again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaggingsDocument"];
                    "application/xml": components["schemas"]["TaggingsDocument"];
                };
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            409: components["responses"]["E409"];
            413: components["responses"]["E413"];
            415: components["responses"]["E415"];
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    getUserTaggingsTagName: {
        parameters: {
            query?: {
                /** @description Items to skip (default 0). The response's `summary` gives `start` (offset + 1), `total` and `rpp`; the next page is offset = start - 1 + rpp while that is below total */
                offset?: number;
                /** @description Items per page: default 100, larger values are clamped to 500; a page also ends before its items pass 768 KiB rendered, and `summary.rpp` then gives how many it holds */
                limit?: number;
            };
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /**
                 * @description Tag name, form-encoded as the official client sends it: `+` or `%20` is a space, `%2B` a plus sign
                 * @example good+news
                 */
                tag_name: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaggingListDocument"];
                    "application/xml": components["schemas"]["TaggingListDocument"];
                };
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    deleteUserTaggingsTagName: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: a new key (1 to 255 visible ASCII characters, a UUID say) for each new request, the same one when resending it. The same key with the same request, once answered, answers that first answer again (`Idempotent-Replayed: true`) and writes nothing; with another request, 422; while the first still runs, 409. Keys are per account, kept 24 hours (docs/sync.md "Idempotency-Key"). */
                "Idempotency-Key"?: string;
                /** @description Optional: the ETag of the revision this write is meant for (or `*`). When it is no longer the current one, the answer is 412 with the resource as it is now and nothing is written (RFC 9110 §13.1.1; docs/sync.md "Conditional writes"). Malformed: 400. */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description Tag name, form-encoded as the official client sends it: `+` or `%20` is a space, `%2B` a plus sign
                 * @example good+news
                 */
                tag_name: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; empty body */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description true when this is the first answer to the Idempotency-Key, given again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            409: components["responses"]["E409"];
            /** @description The If-Match does not name the current revision: the resource as it is now (its ETag in the header); nothing is written */
            412: {
                headers: {
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagListDocument"];
                    "application/xml": components["schemas"]["TagListDocument"];
                };
            };
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    getTaggingsTaggingId: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /**
                 * @description Integer id
                 * @example 7
                 */
                tagging_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaggingsDocument"];
                    "application/xml": components["schemas"]["TaggingsDocument"];
                };
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    putTaggingsTaggingId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: a new key (1 to 255 visible ASCII characters, a UUID say) for each new request, the same one when resending it. The same key with the same request, once answered, answers that first answer again (`Idempotent-Replayed: true`) and writes nothing; with another request, 422; while the first still runs, 409. Keys are per account, kept 24 hours (docs/sync.md "Idempotency-Key"). */
                "Idempotency-Key"?: string;
                /** @description Optional: the ETag of the revision this write is meant for (or `*`). When it is no longer the current one, the answer is 412 with the resource as it is now and nothing is written (RFC 9110 §13.1.1; docs/sync.md "Conditional writes"). Malformed: 400. */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description Integer id
                 * @example 7
                 */
                tagging_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["TaggingBody"];
                "application/json": components["schemas"]["TaggingBody"];
                "application/javascript": components["schemas"]["TaggingBody"];
            };
        };
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    /** @description true when this is the first answer to the Idempotency-Key, given again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaggingsDocument"];
                    "application/xml": components["schemas"]["TaggingsDocument"];
                };
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            409: components["responses"]["E409"];
            /** @description The If-Match does not name the current revision: the resource as it is now (its ETag in the header); nothing is written */
            412: {
                headers: {
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaggingsDocument"];
                    "application/xml": components["schemas"]["TaggingsDocument"];
                };
            };
            413: components["responses"]["E413"];
            415: components["responses"]["E415"];
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    deleteTaggingsTaggingId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: a new key (1 to 255 visible ASCII characters, a UUID say) for each new request, the same one when resending it. The same key with the same request, once answered, answers that first answer again (`Idempotent-Replayed: true`) and writes nothing; with another request, 422; while the first still runs, 409. Keys are per account, kept 24 hours (docs/sync.md "Idempotency-Key"). */
                "Idempotency-Key"?: string;
                /** @description Optional: the ETag of the revision this write is meant for (or `*`). When it is no longer the current one, the answer is 412 with the resource as it is now and nothing is written (RFC 9110 §13.1.1; docs/sync.md "Conditional writes"). Malformed: 400. */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description Integer id
                 * @example 7
                 */
                tagging_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; empty body */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description true when this is the first answer to the Idempotency-Key, given again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            409: components["responses"]["E409"];
            /** @description The If-Match does not name the current revision: the resource as it is now (its ETag in the header); nothing is written */
            412: {
                headers: {
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaggingsDocument"];
                    "application/xml": components["schemas"]["TaggingsDocument"];
                };
            };
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    getChaptersChapterIdAnnotations: {
        parameters: {
            query?: {
                /** @description Items to skip (default 0). The response's `summary` gives `start` (offset + 1), `total` and `rpp`; the next page is offset = start - 1 + rpp while that is below total */
                offset?: number;
                /** @description Items per page: default 100, larger values are clamped to 200; a page also ends before its items pass 768 KiB rendered, and `summary.rpp` then gives how many it holds */
                limit?: number;
            };
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /**
                 * @description `VERSION:Book.N`
                 * @example ASV:Gen.1
                 */
                chapter_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChapterAnnotationsDocument"];
                    "application/xml": components["schemas"]["ChapterAnnotationsDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    getUserNotes: {
        parameters: {
            query?: {
                /** @description Items to skip (default 0). The response's `summary` gives `start` (offset + 1), `total` and `rpp`; the next page is offset = start - 1 + rpp while that is below total */
                offset?: number;
                /** @description Items per page: default 100, larger values are clamped to 200; a page also ends before its items pass 768 KiB rendered, and `summary.rpp` then gives how many it holds */
                limit?: number;
            };
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NoteListDocument"];
                    "application/xml": components["schemas"]["NoteListDocument"];
                };
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    postUserNotes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: a new key (1 to 255 visible ASCII characters, a UUID say) for each new request, the same one when resending it. The same key with the same request, once answered, answers that first answer again (`Idempotent-Replayed: true`) and writes nothing; with another request, 422; while the first still runs, 409. Keys are per account, kept 24 hours (docs/sync.md "Idempotency-Key"). */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["NoteBody"];
                "application/json": components["schemas"]["NoteBody"];
                "application/javascript": components["schemas"]["NoteBody"];
            };
        };
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            201: {
                headers: {
                    /** @description The new resource, with the request suffix */
                    Location?: string;
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    /** @description true when this is the first answer to the Idempotency-Key, given again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotesDocument"];
                    "application/xml": components["schemas"]["NotesDocument"];
                };
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            409: components["responses"]["E409"];
            413: components["responses"]["E413"];
            415: components["responses"]["E415"];
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    postNotes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: a new key (1 to 255 visible ASCII characters, a UUID say) for each new request, the same one when resending it. The same key with the same request, once answered, answers that first answer again (`Idempotent-Replayed: true`) and writes nothing; with another request, 422; while the first still runs, 409. Keys are per account, kept 24 hours (docs/sync.md "Idempotency-Key"). */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["NoteBody"];
                "application/json": components["schemas"]["NoteBody"];
                "application/javascript": components["schemas"]["NoteBody"];
            };
        };
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            201: {
                headers: {
                    /** @description The new resource, with the request suffix */
                    Location?: string;
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    /** @description true when this is the first answer to the Idempotency-Key, given again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotesDocument"];
                    "application/xml": components["schemas"]["NotesDocument"];
                };
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            409: components["responses"]["E409"];
            413: components["responses"]["E413"];
            415: components["responses"]["E415"];
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    getNotesNoteId: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /**
                 * @description Integer id
                 * @example 3
                 */
                note_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotesDocument"];
                    "application/xml": components["schemas"]["NotesDocument"];
                };
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    putNotesNoteId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: a new key (1 to 255 visible ASCII characters, a UUID say) for each new request, the same one when resending it. The same key with the same request, once answered, answers that first answer again (`Idempotent-Replayed: true`) and writes nothing; with another request, 422; while the first still runs, 409. Keys are per account, kept 24 hours (docs/sync.md "Idempotency-Key"). */
                "Idempotency-Key"?: string;
                /** @description Optional: the ETag of the revision this write is meant for (or `*`). When it is no longer the current one, the answer is 412 with the resource as it is now and nothing is written (RFC 9110 §13.1.1; docs/sync.md "Conditional writes"). Malformed: 400. */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description Integer id
                 * @example 3
                 */
                note_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["NoteBody"];
                "application/json": components["schemas"]["NoteBody"];
                "application/javascript": components["schemas"]["NoteBody"];
            };
        };
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    /** @description true when this is the first answer to the Idempotency-Key, given again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotesDocument"];
                    "application/xml": components["schemas"]["NotesDocument"];
                };
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            409: components["responses"]["E409"];
            /** @description The If-Match does not name the current revision: the resource as it is now (its ETag in the header); nothing is written */
            412: {
                headers: {
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotesDocument"];
                    "application/xml": components["schemas"]["NotesDocument"];
                };
            };
            413: components["responses"]["E413"];
            415: components["responses"]["E415"];
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    deleteNotesNoteId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: a new key (1 to 255 visible ASCII characters, a UUID say) for each new request, the same one when resending it. The same key with the same request, once answered, answers that first answer again (`Idempotent-Replayed: true`) and writes nothing; with another request, 422; while the first still runs, 409. Keys are per account, kept 24 hours (docs/sync.md "Idempotency-Key"). */
                "Idempotency-Key"?: string;
                /** @description Optional: the ETag of the revision this write is meant for (or `*`). When it is no longer the current one, the answer is 412 with the resource as it is now and nothing is written (RFC 9110 §13.1.1; docs/sync.md "Conditional writes"). Malformed: 400. */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description Integer id
                 * @example 3
                 */
                note_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; empty body */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description true when this is the first answer to the Idempotency-Key, given again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            409: components["responses"]["E409"];
            /** @description The If-Match does not name the current revision: the resource as it is now (its ETag in the header); nothing is written */
            412: {
                headers: {
                    /** @description The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotesDocument"];
                    "application/xml": components["schemas"]["NotesDocument"];
                };
            };
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    getChaptersChapterIdPublicNotes: {
        parameters: {
            query?: {
                /** @description Items to skip (default 0). The response's `summary` gives `start` (offset + 1), `total` and `rpp`; the next page is offset = start - 1 + rpp while that is below total */
                offset?: number;
                /** @description Items per page: default 100, larger values are clamped to 200; a page also ends before its items pass 256 KiB rendered, and `summary.rpp` then gives how many it holds */
                limit?: number;
            };
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /**
                 * @description `VERSION:Book.N`
                 * @example KJV:John.1
                 */
                chapter_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicNotesDocument"];
                    "application/xml": components["schemas"]["PublicNotesDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    getVersesVerseIdPublicNotes: {
        parameters: {
            query?: {
                /** @description Items to skip (default 0). The response's `summary` gives `start` (offset + 1), `total` and `rpp`; the next page is offset = start - 1 + rpp while that is below total */
                offset?: number;
                /** @description Items per page: default 100, larger values are clamped to 200; a page also ends before its items pass 256 KiB rendered, and `summary.rpp` then gives how many it holds */
                limit?: number;
            };
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /**
                 * @description `VERSION:Book.N.M`
                 * @example KJV:John.1.10
                 */
                verse_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicNotesDocument"];
                    "application/xml": components["schemas"]["PublicNotesDocument"];
                };
            };
            /** @description The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body */
            301: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    postNotesNoteIdReports: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: a new key (1 to 255 visible ASCII characters, a UUID say) for each new request, the same one when resending it. The same key with the same request, once answered, answers that first answer again (`Idempotent-Replayed: true`) and writes nothing; with another request, 422; while the first still runs, 409. Keys are per account, kept 24 hours (docs/sync.md "Idempotency-Key"). */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description Integer id
                 * @example 3
                 */
                note_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["ReportBody"];
                "application/json": components["schemas"]["ReportBody"];
                "application/javascript": components["schemas"]["ReportBody"];
            };
        };
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    /** @description true when this is the first answer to the Idempotency-Key, given again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportsDocument"];
                    "application/xml": components["schemas"]["ReportsDocument"];
                };
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            409: components["responses"]["E409"];
            413: components["responses"]["E413"];
            415: components["responses"]["E415"];
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    getModerationQueue: {
        parameters: {
            query?: {
                /** @description Items to skip (default 0). The response's `summary` gives `start` (offset + 1), `total` and `rpp`; the next page is offset = start - 1 + rpp while that is below total */
                offset?: number;
                /** @description Items per page: default 100, larger values are clamped to 500; a page also ends before its items pass 256 KiB rendered, and `summary.rpp` then gives how many it holds */
                limit?: number;
            };
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModerationQueueDocument"];
                    "application/xml": components["schemas"]["ModerationQueueDocument"];
                };
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    putModerationNotesNoteId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id
                 * @example 3
                 */
                note_id: string;
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["ModerationBody"];
                "application/json": components["schemas"]["ModerationBody"];
                "application/javascript": components["schemas"]["ModerationBody"];
            };
        };
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModerationLogDocument"];
                    "application/xml": components["schemas"]["ModerationLogDocument"];
                };
            };
            400: components["responses"]["E400"];
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
            409: components["responses"]["E409"];
            413: components["responses"]["E413"];
            415: components["responses"]["E415"];
            422: components["responses"]["E422"];
            429: components["responses"]["E429"];
        };
    };
    getModerationLog: {
        parameters: {
            query?: {
                /** @description Items to skip (default 0). The response's `summary` gives `start` (offset + 1), `total` and `rpp`; the next page is offset = start - 1 + rpp while that is below total */
                offset?: number;
                /** @description Items per page: default 100, larger values are clamped to 500 */
                limit?: number;
            };
            header?: {
                /** @description The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400. */
                "X-D1-Bookmark"?: string;
            };
            path: {
                /** @description `xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET). */
                format: "xml" | "js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK (`meta` is the last child of the root) */
            200: {
                headers: {
                    /** @description Where this request left the database; send it back on the next read to read your own writes */
                    "X-D1-Bookmark"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModerationLogDocument"];
                    "application/xml": components["schemas"]["ModerationLogDocument"];
                };
            };
            401: components["responses"]["E401"];
            403: components["responses"]["E403"];
            404: components["responses"]["E404"];
        };
    };
    get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reading site: home page (a page only, with a token like every page) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            401: components["responses"]["E401"];
            404: components["responses"]["E404"];
        };
    };
    getOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This description (OpenAPI 3.1) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    getDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This description as a readable page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    getAssetsSiteCss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reading site's stylesheet */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                };
            };
        };
    };
    getAssetsNoteFormJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verse page's note form script */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
        };
    };
    getAssetsChapterAnnotationsJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reading page's margin script (the reader's notes and tags) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
        };
    };
    getAssetsInterlinearJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chapter page's interlinear view and word panel script (tagged versions) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
        };
    };
    getAssetsLibraryJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reading page's reference library script (commentaries, topics and cross-references, folded in the margin) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
        };
    };
    getAssetsReportJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verse page's script that reports another reader's public note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
        };
    };
    getAssetsModerationJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The moderation queue page's script (applies an action through the API) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
        };
    };
    getAssetsFootnotesJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reading pages' translators' notes script (a note beside its mark, on tap or focus) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
        };
    };
    getAssetsTaggerJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference tagger for other sites: one script tag links the references of a page to this site and previews their text, with a publishable read key (docs/tagger.md) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
        };
    };
    getAssetsFontsNotoSerifHebrewHebrew400NormalWoff2: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reading site's font for Hebrew, with points and cantillation marks (Noto Serif Hebrew) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "font/woff2": string;
                };
            };
        };
    };
    getAssetsFontsGentiumPlusGreek400NormalWoff2: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reading site's font for Greek (Gentium Plus) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "font/woff2": string;
                };
            };
        };
    };
    getAssetsFontsGentiumPlusGreekExt400NormalWoff2: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reading site's font for Greek Extended: accents and breathings (Gentium Plus) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "font/woff2": string;
                };
            };
        };
    };
}
