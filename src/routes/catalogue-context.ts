import type { Context } from 'hono';
import { loadCatalogue, type Catalogue } from '../catalogue/store';
import type { AppEnv } from '../env';

/** The snapshot catalogue for this request (read once per isolate; its reads counted in Server-Timing). */
export function catalogue(c: Context<AppEnv>): Promise<Catalogue> {
  return loadCatalogue(c.get('snapshot'));
}
