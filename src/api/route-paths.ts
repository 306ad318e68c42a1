import { once } from '../cache/once';
import type { RateLimitKind } from '../http/rate-limits';
import { limiterKind } from './budgets';
import type { Access, Operation } from './operation';
import { ROUTES } from './routes';

/**
 * What the request middleware, the guards, the caches and CORS read of the route table
 * (./routes/index.ts), computed from it once per isolate: who may call a path, which paths are personal,
 * which a read key may call, which the scripture cache keeps, and the operation a path is.
 */

/** Each `{param}` of a template path (`/verses/{verse_id}`). */
const PARAM = /\{([a-z_]+)\}/g;

/** `/chapters/{chapter_id}/annotations` → `/chapters/:chapter_id/annotations` (Hono's form). */
export const honoPath = (path: string) => path.replace(PARAM, ':$1');

/**
 * One pattern of the route paths (no version prefix, no suffix) that template paths name, each
 * `{param}` one segment (`/chapters/{chapter_id}` → `^/chapters/[^/]+$`); `prefixes`: also every
 * path at or under each (`^/user(/|$)`). No path at all: a pattern that matches nothing.
 */
function pathPattern(paths: readonly string[], prefixes: readonly string[] = []): RegExp {
  const literal = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const exact = paths.map(
    (p) =>
      `^${p
        .split(PARAM)
        .map((s, i) => (i % 2 ? '[^/]+' : literal(s)))
        .join('')}$`,
  );
  return new RegExp([...prefixes.map((p) => `^${literal(p)}(/|$)`), ...exact].join('|') || '$^');
}

/** Who may call a route (default `token`). */
export const accessOf = (route: Operation): Access => route.access ?? 'token';

/** The rate limit a route counts against, if any (its `bounds`). */
export const rateLimitOf = (route: Operation): RateLimitKind | undefined =>
  limiterKind(route.bounds);

/**
 * The routes whose limiter counts every request: src/app.ts registers its middleware on each
 * from here, so that what the table declares is what is counted. The others' handlers count where
 * their condition is known (the limiter's `when`, `alsoCounts`).
 */
export const LIMITED_EVERY_REQUEST: readonly Operation[] = ROUTES.filter(
  ({ bounds: { limiter } }) =>
    limiter.kind !== 'none' && limiter.when === undefined && limiter.kind !== 'readKey',
);

/** Paths served to anyone, without a token and whatever their suffix (the request middleware). */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set(
  ROUTES.filter((r) => accessOf(r) === 'public').map((r) => r.path),
);

const firstSegment = (path: string) => `/${path.split('/')[1]}`;
const personal = ROUTES.filter((r) => accessOf(r) === 'personal');
const shared = new Set(
  ROUTES.filter((r) => accessOf(r) !== 'personal').map((r) => firstSegment(r.path)),
);

/**
 * Personal content by first path segment where every route under it is personal (`/user`,
 * `/tags`, `/taggings`, `/notes`): app.ts guards `/x` and `/x/*`.
 */
export const PERSONAL_PREFIXES: readonly string[] = [
  ...new Set(personal.map((r) => firstSegment(r.path)).filter((s) => !shared.has(s))),
];

/** Personal routes inside another tree (`/chapters/:chapter_id/annotations`), in Hono's form. */
export const PERSONAL_ROUTES: readonly string[] = [
  ...new Set(personal.filter((r) => shared.has(firstSegment(r.path))).map((r) => honoPath(r.path))),
];

const PERSONAL_PATH = pathPattern(
  personal.filter((r) => shared.has(firstSegment(r.path))).map((r) => r.path),
  PERSONAL_PREFIXES,
);

// The patterns below are built on first use (../cache/once.ts), not with the module: each is a
// regular expression of many routes' paths, and a request reads at most a few of them (docs/speed.md
// "Cold start", budget 30 ms).
const readsOthers = once(() => pathPattern(ROUTES.filter((r) => r.readsOthers).map((r) => r.path)));

/** Whether a route path (no version prefix, no suffix) reads what other accounts write (`readsOthers`). */
export function readsOthersPath(routePath: string): boolean {
  return readsOthers().test(routePath);
}

/** Whether a route path (no version prefix, no suffix) is personal content. */
export function isPersonalPath(routePath: string): boolean {
  return PERSONAL_PATH.test(routePath);
}

/** The groups whose operations read the scripture snapshot alone (nothing of the caller's). */
const SNAPSHOT_TAGS: ReadonlySet<Operation['tag']> = new Set([
  'Scripture',
  'Search',
  'Study',
  'Library',
]);

/**
 * The reads of the scripture snapshot, API and page alike, in Hono's form: the GET operations
 * anyone with a token may call in those groups, but the redirect of `/search` (the same answer for
 * every caller under one snapshot). src/app.ts registers the scripture cache (ETag, kept
 * responses; src/middleware/scripture-cache.ts) on these and on nothing else.
 */
export const SNAPSHOT_READ_PATHS: readonly string[] = [
  ...new Set(
    ROUTES.filter(
      (r) =>
        r.method === 'get' &&
        accessOf(r) === 'token' &&
        SNAPSHOT_TAGS.has(r.tag) &&
        r.status !== 302 &&
        r.cache === undefined,
    ).map((r) => honoPath(r.path)),
  ),
];

/**
 * What a publishable read key may call (docs/tagger.md "Read keys"), by method and route path:
 * the operations of the snapshot's groups that anyone with a token may call and that read the
 * snapshot alone (finding references included), but the redirect of `/search`. Never personal
 * content, the home page or the service's own routes. The request middleware also refuses a key
 * every page (`html`): the verse page holds its reader's notes.
 */
export const isReadKeyOperation = (r: Operation): boolean =>
  accessOf(r) === 'token' && SNAPSHOT_TAGS.has(r.tag) && r.status !== 302;
const readKeyPaths = once((): Record<string, RegExp> => {
  const routes = ROUTES.filter(isReadKeyOperation);
  const pattern = (method: string) =>
    pathPattern(routes.filter((r) => r.method === method).map((r) => r.path));
  const get = pattern('get');
  return { GET: get, HEAD: get, POST: pattern('post') };
});

/** Whether a read key may make this request (method, route path without prefix and suffix). */
export function isReadKeyRoute(method: string, routePath: string): boolean {
  return readKeyPaths()[method]?.test(routePath) ?? false;
}

/**
 * Reads drawn by chance unless `seed` is given (`/verses/random`), by route path: the scripture
 * cache answers them only with a seed (src/middleware/scripture-cache.ts).
 */
export const SEEDED_READ_PATHS: ReadonlySet<string> = new Set(
  ROUTES.filter((r) => r.cache === 'seeded').map((r) => r.path),
);

/** The GET operations as patterns of a route path, in the table's order. */
const getPatterns = once(() =>
  ROUTES.filter((r) => r.method === 'get').map((r) => ({ route: r, path: pathPattern([r.path]) })),
);

/**
 * The GET operation a route path (no version prefix, no suffix) is, by its path as a pattern
 * (`/chapters/{chapter_id}` → `^/chapters/[^/]+$`), in the table's order: `/verses/random` before
 * `/verses/{verse_id}`, which would match it too.
 */
export function getOperationOf(routePath: string): Operation | undefined {
  return getPatterns().find((p) => p.path.test(routePath))?.route;
}

/** Query parameters a request may give more than once: each a passage's reference (`q[]`). */
const REPEATABLE_PARAMS: ReadonlySet<string> = new Set(['q[]']);

/**
 * The first query parameter the GET of `routePath` reads that `query` gives more than once, but a
 * repeatable one: such a request is a 400, since a route reads one value of each (a list is
 * comma-separated), and keeping the first silently answered another question than the one asked.
 */
export function repeatedParameter(routePath: string, query: URLSearchParams): string | undefined {
  const route = getOperationOf(routePath);
  if (!route) return undefined;
  for (const p of route.params ?? [])
    if (p.in === 'query' && !REPEATABLE_PARAMS.has(p.name) && query.getAll(p.name).length > 1)
      return p.name;
  return undefined;
}

/**
 * The query parameters the table lists for the GET of `path` (`/verses`: `keyword`, `strongs`, …),
 * for pages that build links from the request's query: they carry these alone.
 */
export function queryParamNames(path: string): ReadonlySet<string> {
  const route = ROUTES.find((r) => r.method === 'get' && r.path === path);
  return new Set((route?.params ?? []).filter((p) => p.in === 'query').map((p) => p.name));
}

/** Methods the service answers, for CORS (HEAD with every GET). */
export const ROUTE_METHODS: readonly string[] = [
  ...new Set(
    ROUTES.flatMap((r) => (r.method === 'get' ? ['GET', 'HEAD'] : [r.method.toUpperCase()])),
  ),
];
