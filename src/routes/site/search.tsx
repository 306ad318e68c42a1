import type { Context } from 'hono';
import { Hono } from 'hono';
import { MAX_VERSES_PER_RESPONSE } from '../../catalogue/verse-range';
import type { AppEnv } from '../../env';
import { searchTopics } from '../../library/topics';
import { KeywordSearchPage, PAGE_PASSAGE_VERSES, PassagesPage } from '../../pages/search';
import { keywordSearch } from '../../search/keyword-search';
import { catalogue } from '../catalogue-context';
import { lookupPassages } from '../passages';
import { html, page, personal, speakForVersions } from './page';
import { searchQuery } from './search-query';
import { isGrammarQuery } from '../../study/grammar/search';
import { concordancePage, grammarPage } from './study';

/** The search pages (src/pages/search.tsx): keyword search (or, with `strongs` or `lemma`, the concordance) and passages. */
export const searchPages = new Hono<AppEnv>();

/** Keyword search results, highlighted, with paging (`offset`, `limit` as in the API); with `strongs` or `lemma`, the concordance. */
searchPages.get(
  '/verses',
  html(async (c) => {
    if (isGrammarQuery((name) => c.req.query(name))) return grammarPage(c);
    if (c.req.query('strongs') !== undefined || c.req.query('lemma') !== undefined)
      return concordancePage(c);
    speakForVersions(c, await catalogue(c), c.req.query('version'), c.req.query('language'));
    const result = await keywordSearch(c.get('snapshot'), (name) => c.req.query(name));
    return page(
      c,
      <KeywordSearchPage
        result={result}
        params={searchQuery(c)}
        personal={personal(c)}
        topics={await topicsNamed(c, result.query)}
      />,
    );
  }),
);

const passagesPage = (versions: (c: Context<AppEnv>) => string | undefined) =>
  html(async (c) => {
    speakForVersions(c, await catalogue(c), versions(c), undefined);
    const lookup = await lookupPassages(
      c,
      versions(c),
      PAGE_PASSAGE_VERSES,
      MAX_VERSES_PER_RESPONSE,
    );
    return page(c, <PassagesPage lookup={lookup} personal={personal(c)} />);
  });
searchPages.get(
  '/passages',
  passagesPage((c) => c.req.query('version')),
);
searchPages.get(
  '/:versions/passages',
  passagesPage((c) => c.req.param('versions')),
);

/**
 * The topics whose names hold a keyword search's words, whole as the search reads
 * them (not the start of a word, as the topic search box reads its last), the first few for the
 * results page; null when the snapshot has no topics or the words are none a name could hold.
 */
async function topicsNamed(c: Context<AppEnv>, query: string) {
  if (!query.trim()) return null;
  try {
    return await searchTopics(
      c.get('snapshot'),
      query.replace(/"/g, ' '),
      { offset: 0, limit: SEARCH_PAGE_TOPICS },
      false,
    );
  } catch {
    // A snapshot without topics, or a query no name could hold (no words, too long), finds no
    // topic; the verses answer it.
    return null;
  }
}

/** Topics shown beside a keyword search's verses. */
const SEARCH_PAGE_TOPICS = 12;
