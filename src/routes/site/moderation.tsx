import { Hono } from 'hono';
import { moderationQueue, requireModerator } from '../../annotations/public/moderation';
import { everyShard, requestDatabase } from '../../db/session';
import type { AppEnv } from '../../env';
import { fitPage, PUBLISHED_PAGE_BYTES, requestedPage } from '../../http/paging';
import { queuedNoteBytes } from '../../annotations/documents';
import { ModerationQueuePage } from '../../pages/moderation';
import { html, page } from './page';

/** The moderators' pages (src/pages/moderation.tsx): the queue. */
export const moderationPages = new Hono<AppEnv>();

// The personal guard of app.ts (v1 only, `private, no-store`) runs first; the role is checked here
// as the API's moderation routes check it (403 page without it).
moderationPages.get(
  '/moderation/queue',
  html(async (c) => {
    const db = requestDatabase(c);
    await requireModerator(db, c.get('user').id);
    const wanted = requestedPage((name) => c.req.query(name));
    // Cut where its notes and reports pass PUBLISHED_PAGE_BYTES, as the API's queue is: the
    // page's paging starts the next one after the last shown.
    const fitted = fitPage(
      wanted,
      await moderationQueue(everyShard(c), wanted, PUBLISHED_PAGE_BYTES),
      queuedNoteBytes,
      PUBLISHED_PAGE_BYTES,
    );
    return page(
      c,
      <ModerationQueuePage
        notes={fitted.list.items}
        page={fitted.page}
        total={fitted.list.total}
      />,
    );
  }),
);
