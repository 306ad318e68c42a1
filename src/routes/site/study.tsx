import type { Context } from 'hono';
import { Hono } from 'hono';
import { notesCovering } from '../../annotations/coverage/chapter-annotations';
import type { Catalogue } from '../../catalogue/store';
import type { KeywordHit } from '../../search/keyword-search';
import { requestDatabase } from '../../db/session';
import type { AppEnv } from '../../env';
import { ConcordancePage, GrammarPage, LEXICON_OCCURRENCES, LexiconPage } from '../../pages/study';
import { concordance, concordanceOf, CONCORDANCE_PARAMS } from '../../study/concordance';
import { grammar, GRAMMAR_PARAMS } from '../../study/grammar/search';
import { lemmaPrefix } from '../../study/lemmas';
import { lexiconCopyright, lexiconEntry, STUDY_ENGLISH_VERSION } from '../../study/lexicon';
import { loadLexicon, loadStudyMeta } from '../../study/store';
import { catalogue } from '../catalogue-context';
import { html, page, personal } from './page';
import { searchQuery } from './search-query';

/** The word-study pages (src/pages/study.tsx): a Strong's number's lexicon page, and the concordance page that /verses answers. */
export const studyPages = new Hono<AppEnv>();

/**
 * A Strong's number's lexicon page: the entry, the fuller lexicons' entries, where
 * it occurs and its first KJV verses. English, as the lexicons are; a bad number is the API's 404.
 */
studyPages.get(
  '/strongs/:number',
  html(async (c) => {
    await catalogue(c); // the snapshot served, or its 503
    const snap = c.get('snapshot');
    const entry = await lexiconEntry(snap, c.req.param('number')!);
    const meta = await loadStudyMeta(snap);
    const prefix = entry.number[0] as 'H' | 'G';
    const kjv = entry.occurrences.find((o) => o.version === STUDY_ENGLISH_VERSION);
    const kjvTagged = !!meta?.tagged.some(
      (t) => t.version === STUDY_ENGLISH_VERSION && t.prefixes.includes(prefix),
    );
    const occurrences =
      kjv?.verses && kjvTagged
        ? await concordanceOf(snap, {
            numbers: [entry.number],
            scope: { versions: [STUDY_ENGLISH_VERSION] },
            page: { offset: 0, limit: LEXICON_OCCURRENCES },
          })
        : null;
    const copyright = await lexiconCopyright(snap, entry.number);
    return page(
      c,
      <LexiconPage
        entry={entry}
        copyright={copyright}
        occurrences={occurrences}
        personal={personal(c)}
      />,
    );
  }),
);

/**
 * How many of the reader's notes cover each verse of a page of results, in API version 1 (the page
 * is then personal); null where the page is public.
 */
async function readerNotesOn(
  c: Context<AppEnv>,
  cat: Catalogue,
  hits: KeywordHit[],
): Promise<number[] | null> {
  if (!personal(c)) return null;
  return notesCovering(
    requestDatabase(c),
    c.get('user').id,
    cat,
    hits.map((h) => ({
      bookIndex: h.bookIndex,
      chapter: h.chapter,
      verse: h.entry.verse,
      lastverse: h.entry.lastverse,
    })),
  );
}

/**
 * A grammar search (`/verses?stem=qal&form=wayyiqtol`, src/study/grammar/search.ts): its verses
 * with the matching words marked, the verses per book, paged; personal as the concordance page is
 * (the reader's notes on the verses shown).
 */
export async function grammarPage(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  const result = await grammar(c.get('snapshot'), (name) => c.req.query(name));
  const notes = await readerNotesOn(c, cat, result.hits);
  return page(
    c,
    <GrammarPage
      result={result}
      params={searchQuery(c, GRAMMAR_PARAMS)}
      notes={notes}
      personal={personal(c)}
    />,
    200,
    notes ? { 'Cache-Control': 'private, no-store' } : {},
  );
}

/**
 * The concordance of a Strong's number (`/verses?strongs=G25`): its verses with the
 * rendering words marked, counts per book and per rendering, paged as keyword search. In API
 * version 1 the reader's notes on the verses shown are marked, which makes the page personal: it
 * is sent `private, no-store` whether or not any note is found, as the verse page is, since the
 * scripture cache keeps a public page per URL (not per reader) and would serve one reader's page
 * to another (src/middleware/scripture-cache.ts).
 */
export async function concordancePage(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  const snap = c.get('snapshot');
  const result = await concordance(snap, (name) => c.req.query(name));
  // One number: its entry heads the page; several (a list, or a lemma's homographs) are links.
  const [entry, meta] = await Promise.all([
    result.numbers.length === 1 ? loadLexicon(snap, result.numbers[0]) : null,
    loadStudyMeta(snap),
  ]);
  const prefix = result.numbers[0]?.[0] ?? lemmaPrefix(result.lemma ?? '');
  const tagged = (meta?.tagged ?? [])
    .filter((t) => prefix && t.prefixes.includes(prefix as 'H' | 'G'))
    .map((t) => t.version);
  const notes = await readerNotesOn(c, cat, result.hits);
  return page(
    c,
    <ConcordancePage
      result={result}
      entry={entry}
      tagged={tagged}
      params={searchQuery(c, CONCORDANCE_PARAMS)}
      notes={notes}
      personal={personal(c)}
    />,
    200,
    notes ? { 'Cache-Control': 'private, no-store' } : {},
  );
}
