import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { respond } from './respond';
import { lexiconDocument, lexiconEntry } from '../study/lexicon';
import { loadStudyMeta } from '../study/store';
import { strongsLanguage } from '../snapshot/strongs';
import { catalogue } from './catalogue-context';

export const strongs = new Hono<AppEnv>();

/** GET /strongs/{number}.xml: a Strong's lexicon entry (src/study/lexicon.ts), one KV read. */
strongs.get('/:number', async (c) => {
  const cat = await catalogue(c);
  const entry = await lexiconEntry(c.get('snapshot'), cat, c.req.param('number'));
  const meta = await loadStudyMeta(c.get('snapshot'));
  return respond(c, 'strongs', lexiconDocument(entry, meta?.lexiconCopyright[strongsLanguage(entry.number)] ?? ''));
});
