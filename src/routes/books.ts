import { Hono } from 'hono';
import { bookIndexFromId } from '../catalogue/lookup';
import { bookResource, chapterResource } from '../catalogue/resources';
import type { AppEnv } from '../env';
import { respond } from './respond';
import { catalogue } from './catalogue-context';

export const books = new Hono<AppEnv>();

books.get('/:book_id', async (c) => {
  const cat = await catalogue(c);
  return respond(c, 'books', {
    book: [bookResource(cat, bookIndexFromId(cat, c.req.param('book_id')))],
  });
});

/** Chapters of a book, without text (docs/contract.md "Scripture catalogue"). */
books.get('/:book_id/chapters', async (c) => {
  const cat = await catalogue(c);
  const bookIndex = bookIndexFromId(cat, c.req.param('book_id'));
  const count = cat.books[bookIndex].chapters.length;
  const chapter = [];
  for (let n = 1; n <= count; n++) chapter.push(chapterResource(cat, bookIndex, n));
  return respond(c, 'chapters', { chapter });
});
