import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { wholeNumber, requestedPage } from '../../http/paging';
import {
  chapterCommentaries,
  commentaryEntryPage,
  libraryMeta,
  verseCommentaries,
} from '../../library/commentaries';
import { citedWith } from '../../library/related';
import { chapterTopics, searchTopics, topicById, verseTopics } from '../../library/topics';
import { enforceRateLimit } from '../../http/rate-limits';
import {
  CitedWithPage,
  CitingTopicsPage,
  CommentariesPage,
  CommentaryEntryPage,
  CommentaryListPage,
  TopicPage,
  TopicSearchPage,
} from '../../pages/library';
import { catalogue } from '../catalogue-context';
import { html, page, personal, speakForId } from './page';

/**
 * The reference library's pages (src/pages/library.tsx). Those of a version's chapter or verse
 * (its commentaries, the topics citing it, its cited-with list) speak that version's language, as
 * its other pages do, and mark the library's English as such; the rest are English, as the
 * sources are.
 */
export const libraryPages = new Hono<AppEnv>();

libraryPages.get(
  '/commentaries',
  html(async (c) => {
    await catalogue(c); // the snapshot served, or its 503
    return page(
      c,
      <CommentaryListPage meta={await libraryMeta(c.get('snapshot'))} personal={personal(c)} />,
    );
  }),
);

libraryPages.get(
  '/commentaries/:commentary_id/:verse_id',
  html(async (c) => {
    const cat = await catalogue(c);
    const found = await commentaryEntryPage(
      c.get('snapshot'),
      cat,
      c.req.param('commentary_id')!,
      c.req.param('verse_id')!,
      wholeNumber(c.req.query('page'), 'page', 1, 1),
    );
    return page(c, <CommentaryEntryPage cat={cat} page={found} personal={personal(c)} />);
  }),
);

libraryPages.get(
  '/chapters/:chapter_id/commentaries',
  html(async (c) => {
    const cat = await catalogue(c);
    speakForId(c, cat, c.req.param('chapter_id')!);
    return page(
      c,
      <CommentariesPage
        cat={cat}
        coverage={await chapterCommentaries(c.get('snapshot'), cat, c.req.param('chapter_id')!)}
        personal={personal(c)}
      />,
    );
  }),
);

libraryPages.get(
  '/verses/:verse_id/commentaries',
  html(async (c) => {
    const cat = await catalogue(c);
    speakForId(c, cat, c.req.param('verse_id')!);
    return page(
      c,
      <CommentariesPage
        cat={cat}
        coverage={await verseCommentaries(c.get('snapshot'), cat, c.req.param('verse_id')!)}
        personal={personal(c)}
      />,
    );
  }),
);

libraryPages.get(
  '/topics',
  html(async (c) => {
    await catalogue(c); // the snapshot served, or its 503
    const wanted = requestedPage((name) => c.req.query(name));
    const query = c.req.query('q') ?? '';
    const found = await searchTopics(c.get('snapshot'), query, wanted);
    return page(
      c,
      <TopicSearchPage
        query={found.query}
        hits={found.hits}
        total={found.total}
        page={wanted}
        personal={personal(c)}
      />,
    );
  }),
);

libraryPages.get(
  '/topics/:topic_id',
  html(async (c) => {
    const cat = await catalogue(c);
    // A large page: each rendering counts (src/api/table.ts).
    await enforceRateLimit(c, 'passage', 'rendering');
    const { topic, meta } = await topicById(c.get('snapshot'), cat, c.req.param('topic_id')!);
    return page(
      c,
      <TopicPage
        topic={topic}
        meta={meta}
        page={requestedPage((name) => c.req.query(name))}
        personal={personal(c)}
      />,
    );
  }),
);

libraryPages.get(
  '/verses/:verse_id/topics',
  html(async (c) => {
    const cat = await catalogue(c);
    speakForId(c, cat, c.req.param('verse_id')!);
    return page(
      c,
      <CitingTopicsPage
        cat={cat}
        found={await verseTopics(c.get('snapshot'), cat, c.req.param('verse_id')!)}
        personal={personal(c)}
      />,
    );
  }),
);

libraryPages.get(
  '/chapters/:chapter_id/topics',
  html(async (c) => {
    const cat = await catalogue(c);
    speakForId(c, cat, c.req.param('chapter_id')!);
    return page(
      c,
      <CitingTopicsPage
        cat={cat}
        found={await chapterTopics(c.get('snapshot'), cat, c.req.param('chapter_id')!)}
        personal={personal(c)}
      />,
    );
  }),
);

libraryPages.get(
  '/verses/:verse_id/related',
  html(async (c) => {
    const cat = await catalogue(c);
    speakForId(c, cat, c.req.param('verse_id')!);
    return page(
      c,
      <CitedWithPage
        cat={cat}
        result={await citedWith(c.get('snapshot'), cat, c.req.param('verse_id')!)}
        personal={personal(c)}
      />,
    );
  }),
);
