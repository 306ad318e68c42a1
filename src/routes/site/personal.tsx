import { Hono } from 'hono';
import { noteBytes, taggingBytes } from '../../annotations/documents';
import { getNote, listNotes } from '../../annotations/personal/notes';
import { listTaggings } from '../../annotations/personal/taggings';
import { requestDatabase } from '../../db/session';
import type { AppEnv } from '../../env';
import { notFound } from '../../http/errors';
import { fitPage, requestedPage, TEXT_LIST_PAGE } from '../../http/paging';
import { NotePage, NotesPage, TaggingsPage } from '../../pages/personal';
import { pathId } from '../personal';
import { html, page } from './page';

/** The reader's own pages (src/pages/personal.tsx): notes, taggings, one note. */
export const personalPages = new Hono<AppEnv>();

// Personal pages: the guard of app.ts (v1 only, `private, no-store`) runs before these.
personalPages.get(
  '/user/notes',
  html(async (c) => {
    const wanted = requestedPage((name) => c.req.query(name), TEXT_LIST_PAGE);
    const fitted = fitPage(
      wanted,
      await listNotes(requestDatabase(c), c.get('user').id, wanted),
      noteBytes,
    );
    return page(
      c,
      <NotesPage notes={fitted.list.items} page={fitted.page} total={fitted.list.total} />,
    );
  }),
);

personalPages.get(
  '/user/taggings',
  html(async (c) => {
    const wanted = requestedPage((name) => c.req.query(name));
    const fitted = fitPage(
      wanted,
      await listTaggings(requestDatabase(c), c.get('user').id, undefined, wanted),
      taggingBytes,
    );
    return page(
      c,
      <TaggingsPage taggings={fitted.list.items} page={fitted.page} total={fitted.list.total} />,
    );
  }),
);

personalPages.get(
  '/notes/:note_id',
  html(async (c) => {
    // The API's own lookup of the id (src/routes/personal.ts pathId), and the same 404.
    const item = await getNote(requestDatabase(c), c.get('user').id, pathId(c, 'note_id', 'note'));
    if (!item) throw notFound('No such note');
    return page(c, <NotePage item={item} />);
  }),
);
