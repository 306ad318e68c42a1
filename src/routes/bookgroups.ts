import { Hono } from 'hono';
import { bookResource, groupResource } from '../catalogue/resources';
import { groupIndexFromId } from '../catalogue/lookup';
import type { AppEnv } from '../env';
import { respond } from './respond';
import { catalogue } from './catalogue-context';

export const bookgroups = new Hono<AppEnv>();

bookgroups.get('/', async (c) => {
  const cat = await catalogue(c);
  return respond(c, 'bookgroups', { bookgroup: cat.groups.map((_, i) => groupResource(cat, i)) });
});

bookgroups.get('/:bookgroup_id', async (c) => {
  const cat = await catalogue(c);
  return respond(c, 'bookgroups', {
    bookgroup: [groupResource(cat, groupIndexFromId(cat, c.req.param('bookgroup_id')))],
  });
});

/** The group's books across versions, in version order then each version's book order. */
bookgroups.get('/:bookgroup_id/books', async (c) => {
  const cat = await catalogue(c);
  const group = cat.groups[groupIndexFromId(cat, c.req.param('bookgroup_id'))];
  const book = [];
  for (let i = 0; i < cat.books.length; i++)
    if (cat.books[i].groupId === group.id) book.push(bookResource(cat, i));
  return respond(c, 'books', { book });
});
