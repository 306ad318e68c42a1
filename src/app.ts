import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { MemoRouter } from './http/memo-router';
import type { AppEnv } from './env';
import {
  accountMoving,
  ApiError,
  echo,
  headersOf,
  isAccountMoving,
  PreconditionFailed,
} from './http/errors';
import { logUnhandledError } from './http/log';
import { rateLimit } from './http/rate-limits';
import { bodyLimit } from './http/body-limit';
import { NO_BODY } from './api/budgets';
import { corsHeaders } from './middleware/cors';
import { crossSiteWrites } from './middleware/cross-site';
import { personalRoutes } from './middleware/personal';
import {
  honoPath,
  PERSONAL_PREFIXES,
  PERSONAL_ROUTES,
  LIMITED_EVERY_REQUEST,
  rateLimitOf,
  ROUTES,
  SEEDED_READ_PATHS,
  SNAPSHOT_READ_PATHS,
} from './api/table';
import { securityHeaders } from './middleware/security-headers';
import { assets } from './routes/assets';
import { strongs } from './routes/strongs';
import {
  chapterCommentariesRoute,
  commentaries,
  verseCommentariesRoute,
} from './routes/commentaries';
import { chapterTopicsRoute, relatedRoute, topics, verseTopicsRoute } from './routes/topics';
import { chapterCrossReferencesRoute, verseCrossReferencesRoute } from './routes/cross-references';
import { chapterFootnotesRoute, verseFootnotesRoute } from './routes/footnotes';
import { pages } from './routes/site';
import { requestMiddleware, requestTarget, routePath } from './middleware/request';
import { finishedHeaders, scriptureCache } from './middleware/scripture-cache';
import { errorResponse } from './routes/respond';
import { bookgroups } from './routes/bookgroups';
import { books } from './routes/books';
import { chapterAnnotationsRoute } from './routes/chapter-annotations';
import { chapters } from './routes/chapters';
import { notes, userNotes } from './routes/notes';
import { moderation, reportRoute } from './routes/moderation';
import { chapterPublicNotesRoute, versePublicNotesRoute } from './routes/public-notes';
import { status } from './routes/status';
import { taggings, userTaggings } from './routes/taggings';
import { tags, userTagsRoute } from './routes/tags';
import { userExport, userImport } from './routes/transfer';
import { userChanges } from './routes/changes';
import { replayAnswer } from './routes/replay';
import { idempotency } from './middleware/idempotency';
import { user } from './routes/user';
import { verses } from './routes/verses';
import { passagesByPath, passagesByQuery } from './routes/passages';
import { openapi } from './routes/openapi';
import { referencesRoute } from './routes/references';
import { searchRedirect } from './routes/search-redirect';
import { loadReferenceParser } from './search/references';
import { canonicalIdRedirect } from './routes/canonical-ids';
import { UnknownBook } from './catalogue/lookup';
import { versions } from './routes/versions';
import { mcpErrorAnswer, mcpRoute } from './routes/mcp';
import { MCP_PATH } from './api/mcp';

/**
 * The application: one request middleware (version prefix, format suffix, auth), then routes
 * matched on the path without prefix and suffix, then one error handler for every error.
 */
export function createApp() {
  // Hono's own default router (SmartRouter: RegExpRouter, else TrieRouter), its matches remembered.
  const app = new Hono<AppEnv>({
    getPath: routePath,
    router: new MemoRouter(new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })),
  });

  // Outermost the security headers (every response, preflights included); then CORS, so that a
  // preflight is answered before authentication and every response, errors included, carries
  // its headers; then the one request middleware (version, format, auth).
  app.use('*', finishedHeaders());
  app.use('*', securityHeaders());
  app.use('*', corsHeaders());
  // Cross-site writes are refused before the token lookup and any rate limit.
  app.use('*', crossSiteWrites());
  app.use('*', requestMiddleware());

  app.route('/assets', assets);
  app.route('/', openapi);
  app.route('/status', status);
  // The MCP endpoint (docs/mcp.md): every method, so that it answers those it does not take.
  app.all(MCP_PATH, mcpRoute);
  // Guards first, then the routes they guard (the reading site's pages included). A pattern
  // `/x/*` also matches `/x` itself, so each guard is registered once per prefix (twice, it would
  // run twice: a write would count twice against its limit).
  // Personal content (v1 only, never cached; docs/annotations.md): account, tags, taggings, notes.
  for (const path of PERSONAL_PREFIXES) app.use(`${path}/*`, personalRoutes());
  for (const path of PERSONAL_ROUTES) app.use(path, personalRoutes());
  // The reads of the scripture snapshot (the route table's): read-only, HTTP-cacheable, kept.
  for (const path of SNAPSHOT_READ_PATHS) app.use(path, scriptureCache());
  // Reads drawn by chance (`/verses/random`): cached only with a `seed` (the middleware decides).
  for (const path of SEEDED_READ_PATHS) app.use(honoPath(path), scriptureCache());
  // Each route whose limiter counts every request (the route table's `bounds`: every personal
  // write, every keyword search, API and page) counts here: after the personal guard, so that a
  // refused /v2/ write is not counted, and after the scripture cache, so that a 304 is not.
  // Limits that hang on what a request resolves to (a long passage, a publication) are counted
  // where that is known (routes/chapters.ts, routes/passages.ts, routes/notes.ts, routes/user.ts).
  // The body each route reads at most (its bounds), for src/http/body.ts.
  for (const route of ROUTES.filter((r) => r.bounds.bodyBytes > NO_BODY))
    app.on(route.method.toUpperCase(), honoPath(route.path), bodyLimit(route.bounds.bodyBytes));
  for (const route of LIMITED_EVERY_REQUEST)
    app.on(route.method.toUpperCase(), honoPath(route.path), rateLimit(rateLimitOf(route)!));
  // The writes that take an Idempotency-Key (docs/sync.md): after the limits (a retry is a request
  // too), before the handler, which records its answer in its own write batch.
  for (const route of ROUTES.filter((r) => r.idempotent))
    app.on(route.method.toUpperCase(), honoPath(route.path), idempotency(replayAnswer));
  // The reading site: HTML requests (no suffix) of the paths below are answered by src/pages;
  // every other format passes on to the API route of the same path.
  app.route('/', pages);
  app.route('/versions', versions);
  app.route('/bookgroups', bookgroups);
  app.route('/books', books);
  app.get('/chapters/:chapter_id/annotations', chapterAnnotationsRoute);
  // Others' public notes on a chapter or verse (personal access: fresh from D1, never cached).
  app.get('/chapters/:chapter_id/public-notes', chapterPublicNotesRoute);
  app.get('/verses/:verse_id/public-notes', versePublicNotesRoute);
  // The translators' notes of a version's verse or chapter.
  app.get('/chapters/:chapter_id/footnotes', chapterFootnotesRoute);
  app.get('/verses/:verse_id/footnotes', verseFootnotesRoute);
  // The reference library: a chapter's and a verse's commentaries, topics and cross-references, a
  // verse's `cited with` list; the commentaries and the topics themselves under their own prefixes.
  app.get('/chapters/:chapter_id/commentaries', chapterCommentariesRoute);
  app.get('/chapters/:chapter_id/topics', chapterTopicsRoute);
  app.get('/chapters/:chapter_id/cross-references', chapterCrossReferencesRoute);
  app.get('/verses/:verse_id/commentaries', verseCommentariesRoute);
  app.get('/verses/:verse_id/topics', verseTopicsRoute);
  app.get('/verses/:verse_id/cross-references', verseCrossReferencesRoute);
  app.get('/verses/:verse_id/related', relatedRoute);
  app.route('/commentaries', commentaries);
  app.route('/topics', topics);
  app.route('/chapters', chapters);
  // Search: keyword search is `/verses` itself (routes/verses.ts).
  app.get('/passages', passagesByQuery);
  // The tagger's: the references in a page's short texts (public/assets/tagger.js).
  app.post('/references', referencesRoute);
  app.get('/:versions/passages', passagesByPath);
  app.get('/search', searchRedirect);
  app.route('/verses', verses);
  // Word study: lexicon entries; words and the concordance are under /verses, /chapters.
  app.route('/strongs', strongs);
  app.route('/user/tags', userTagsRoute);
  app.route('/user/taggings', userTaggings);
  app.route('/user/notes', userNotes);
  app.route('/user/export', userExport);
  app.route('/user/import', userImport);
  app.route('/user/changes', userChanges);
  app.route('/user', user);
  app.route('/tags', tags);
  app.route('/taggings', taggings);
  app.post('/notes/:note_id/reports', reportRoute);
  app.route('/notes', notes);
  app.route('/moderation', moderation);

  // The path is request input: echoed short.
  app.notFound((c) =>
    errorResponse(c.get('format') ?? 'xml', 404, [
      `No such resource: ${echo(new URL(c.req.url).pathname)}`,
    ]),
  );

  app.onError(async (err, c) => {
    // A write refused because its account is being moved between databases (migrations/0010's
    // triggers): 503 with Retry-After, which a client sends again (docs/scale.md).
    if (isAccountMoving(err)) err = accountMoving();
    // At the MCP endpoint every error (401 first) is JSON-RPC's shape, as its clients read it.
    if (requestTarget(c.req.raw).routePath === MCP_PATH) return mcpErrorAnswer(err);
    const format = c.get('format') ?? 'xml';
    // A book written with the version's own name or abbreviation: the canonical id.
    if (err instanceof UnknownBook) {
      await loadReferenceParser(); // a book's abbreviation is read as a reference reads it
      const moved = canonicalIdRedirect(c, err);
      if (moved) return moved;
    }
    // A write's precondition failed: the resource as it is now (docs/sync.md).
    if (err instanceof PreconditionFailed) return err.answer;
    // An error page speaks the language of the page it stands for.
    if (err instanceof ApiError)
      return errorResponse(format, err.status, err.messages, err.headers, c.get('pageLang'));
    // Another HTTPException (from Hono's own middleware) keeps the headers of its response, but
    // its body is written in our error shape.
    if (err instanceof HTTPException)
      return errorResponse(
        format,
        err.status,
        [err.message || 'Request failed'],
        headersOf(err.res),
      );
    logUnhandledError(err);
    return errorResponse(format, 500, ['Internal error']);
  });

  return app;
}
