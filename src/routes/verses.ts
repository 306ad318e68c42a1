import { includeHeadings } from '../catalogue/headings';
import { Hono } from 'hono';
import { verseById } from '../catalogue/lookup';
import { verseResource } from '../catalogue/resources';
import type { AppEnv } from '../env';
import { respond } from './respond';
import { keywordSearch, keywordSearchDocument } from '../search/keyword-search';
import { concordance, concordanceDocument } from '../study/concordance';
import { greekDifferences, greekDifferencesDocument } from '../study/greek-differences';
import { grammar, grammarDocument, isGrammarQuery } from '../study/grammar/search';
import { verseWords, wordsDocument } from '../study/words';
import { catalogue } from './catalogue-context';
import { randomVerse } from '../search/random-verse';

export const verses = new Hono<AppEnv>();

/**
 * GET /verses.xml?keyword=…: keyword search (src/search/keyword-search.ts); with `strongs=G25`
 * (or `lemma=ἀγαπάω`, src/study/lemmas.ts) instead, the concordance of Strong's numbers
 * (src/study/concordance.ts); with a grammatical filter (`tense=aorist`, `stem=qal`, alone or with
 * `strongs` or `lemma`), grammar search (src/study/grammar/search.ts). All answer the
 * `search` document and count against the search limit.
 */
verses.get('/', async (c) => {
  const query = (name: string) => c.req.query(name);
  if (isGrammarQuery(query))
    return respond(c, 'search', grammarDocument(await grammar(c.get('snapshot'), query)));
  if (query('strongs') !== undefined || query('lemma') !== undefined)
    return respond(c, 'search', concordanceDocument(await concordance(c.get('snapshot'), query)));
  return respond(c, 'search', keywordSearchDocument(await keywordSearch(c.get('snapshot'), query)));
});

/** GET /verses/{verse_id}/words.xml: the verse's tagged words (src/study/words.ts). */
verses.get('/:verse_id/words', async (c) => {
  const cat = await catalogue(c);
  const found = await verseWords(c.get('snapshot'), cat, c.req.param('verse_id'));
  return respond(c, 'words', wordsDocument(cat, found.bookIndex, found.chapter, found.verses));
});

/**
 * GET /verses/{id}/greek-differences.xml: where the TR and the SBLGNT differ, word by word, in a
 * verse or a chapter of either (src/study/greek-differences.ts).
 */
verses.get('/:verse_id/greek-differences', async (c) => {
  const cat = await catalogue(c);
  const found = await greekDifferences(c.get('snapshot'), cat, c.req.param('verse_id'));
  return respond(c, 'differences', greekDifferencesDocument(cat, found));
});

/**
 * GET /verses/random.xml: a random verse, the same document as /verses/{verse_id} for it
 * (src/search/random-verse.ts). Registered before `/:verse_id`, which `random` would match.
 */
verses.get('/random', async (c) => {
  const cat = await catalogue(c);
  const { bookIndex, chapter, entry } = await randomVerse(c.get('snapshot'), cat, (name) =>
    c.req.query(name),
  );
  return respond(c, 'verses', { verse: [verseResource(cat, bookIndex, chapter, entry)] });
});

/** GET /verses/{verse_id}.xml: one KV read (the chapter value) on a warm isolate, often none. */
verses.get('/:verse_id', async (c) => {
  const headings = includeHeadings(c.req.query('include_headings'));
  const cat = await catalogue(c);
  const { bookIndex, chapter, entry } = await verseById(
    c.get('snapshot'),
    cat,
    c.req.param('verse_id'),
  );
  return respond(c, 'verses', { verse: [verseResource(cat, bookIndex, chapter, entry, headings)] });
});
