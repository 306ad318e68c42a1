import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { respond } from './respond';
import { lexiconCopyright, lexiconDocument, lexiconEntry } from '../study/lexicon';
import { catalogue } from './catalogue-context';

export const strongs = new Hono<AppEnv>();

/** GET /strongs/{number}.xml: a Strong's lexicon entry (src/study/lexicon.ts), one KV read. */
strongs.get('/:number', async (c) => {
  await catalogue(c); // the snapshot served, or its 503
  const snap = c.get('snapshot');
  const entry = await lexiconEntry(snap, c.req.param('number'));
  return respond(c, 'strongs', lexiconDocument(entry, await lexiconCopyright(snap, entry.number)));
});
