import type { Context } from 'hono';
import { queryParamNames } from '../../api/table';
import type { AppEnv } from '../../env';

/** The parameters that `/verses` takes, by the route table. */
const SEARCH_PARAMS = queryParamNames('/verses');

/**
 * The query a results page builds its links from (paging, books, suggestions; ~80 links): the
 * parameters its search reads (`reads`: by default all that `/verses` takes; a concordance's
 * page, CONCORDANCE_PARAMS), each once (its first value, as the search reads it), never what else
 * a client put in the URL, which every link would otherwise copy (a 64 KB query made a 17.7 MB
 * page).
 */
export function searchQuery(
  c: Context<AppEnv>,
  reads: readonly string[] = [...SEARCH_PARAMS],
): URLSearchParams {
  const out = new URLSearchParams();
  // In the table's order, so that a link reads the same whichever page made it.
  for (const name of [...SEARCH_PARAMS].filter((n) => reads.includes(n))) {
    const value = c.req.query(name);
    if (value !== undefined) out.set(name, value);
  }
  return out;
}
