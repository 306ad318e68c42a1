import { TAG_LIST_MIN_ACCOUNTS } from '../annotations/taggings';
import { QUOTAS } from '../annotations/quotas';
import { IMPORT_LIMITS, MAX_IMPORT_BYTES } from '../annotations/transfer';
import { LIST_PAGE } from '../http/paging';
import { CORS_ALLOW_HEADERS } from '../middleware/cors';
import { SCHEMAS, type Schema } from './schemas';

/**
 * The OpenAPI 3.1 description of the service, served at /openapi.json and rendered at /docs.
 * It is written from the route table below, once per isolate. It cannot drift from the app:
 * test/web/openapi.test.ts checks that every route the app answers is here and every path here
 * is answered, validates a real JSON response of every GET against its schema, and validates
 * the document against the OpenAPI 3.1 schema.
 */

type Method = 'get' | 'post' | 'put' | 'delete';

interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  description: string;
  schema?: Schema;
  required?: boolean;
  example?: string;
}

export interface Operation {
  method: Method;
  /** Path without the format suffix, in OpenAPI template form: `/verses/{verse_id}`. */
  path: string;
  summary: string;
  tag: 'Scripture' | 'Search' | 'Account' | 'Tags' | 'Taggings' | 'Notes' | 'Service';
  params?: Param[];
  /** components.schemas name of the JSON response; omitted: empty body (delete) or a redirect. */
  response?: string;
  status?: 200 | 201 | 302;
  body?: string;
  /** Personal content exists only in API version 1 (spec "Versioning" 5). */
  v1Only?: boolean;
  /** Not behind `/v{N}`, no suffix, no token (the description itself, the reading site's assets). */
  public?: 'json' | 'html' | 'css' | 'javascript';
  errors?: number[];
}

const p = (name: string, description: string, example?: string): Param => ({ name, in: 'path', description, required: true, example });
const q = (name: string, description: string, schema: Schema = { type: 'string' }): Param => ({ name, in: 'query', description, schema });

/** Paging of the personal lists (src/http/paging.ts LIST_PAGE). */
const PAGE_PARAMS: Param[] = [
  q('offset', `Items to skip (default 0). The response's \`summary\` gives \`start\` (offset + 1), \`total\` and \`rpp\`; the next page is offset = start - 1 + rpp while that is below total`, { type: 'integer', minimum: 0 }),
  q('limit', `Items per page: default ${LIST_PAGE.fallback}, larger values are clamped to ${LIST_PAGE.max}`, { type: 'integer', minimum: 1 }),
];

const TAG_NAME = p('tag_name', 'Tag name, form-encoded as the official client sends it: `+` or `%20` is a space, `%2B` a plus sign', 'good+news');

export const OPERATIONS: Operation[] = [
  { method: 'get', path: '/status', tag: 'Service', summary: 'Health check: the snapshot and API version that answer', response: 'StatusDocument' },
  { method: 'get', path: '/versions', tag: 'Scripture', summary: 'List versions', params: [q('language', 'ISO 639-3 code(s), comma-separated, e.g. `eng`')], response: 'VersionsDocument' },
  { method: 'get', path: '/versions/{version_id}', tag: 'Scripture', summary: 'Show a version', params: [p('version_id', 'Version code', 'KJV')], response: 'VersionsDocument' },
  {
    method: 'get',
    path: '/versions/{version_id}/books',
    tag: 'Scripture',
    summary: "List a version's books",
    params: [p('version_id', 'Version code', 'KJV'), q('testament', '`OT`, `NT` or `DEUT` (comma list allowed)')],
    response: 'BooksDocument',
    errors: [400, 404],
  },
  { method: 'get', path: '/bookgroups', tag: 'Scripture', summary: 'List the nine book groups', response: 'BookGroupsDocument' },
  { method: 'get', path: '/bookgroups/{bookgroup_id}', tag: 'Scripture', summary: 'Show a book group', params: [p('bookgroup_id', 'Integer id', '6')], response: 'BookGroupsDocument' },
  { method: 'get', path: '/bookgroups/{bookgroup_id}/books', tag: 'Scripture', summary: "A group's books across versions", params: [p('bookgroup_id', 'Integer id', '6')], response: 'BooksDocument' },
  { method: 'get', path: '/books/{book_id}', tag: 'Scripture', summary: 'Show a book', params: [p('book_id', '`VERSION:Book` (OSIS)', 'KJV:John')], response: 'BooksDocument' },
  { method: 'get', path: '/books/{book_id}/chapters', tag: 'Scripture', summary: "List a book's chapters (no text)", params: [p('book_id', '`VERSION:Book`', 'KJV:John')], response: 'ChaptersDocument' },
  { method: 'get', path: '/chapters/{chapter_id}', tag: 'Scripture', summary: 'Show a chapter with its text', params: [p('chapter_id', '`VERSION:Book.N`', 'KJV:John.3')], response: 'ChaptersDocument' },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/verses',
    tag: 'Scripture',
    summary: "List a chapter's verses (optionally a range, optionally over several chapters)",
    params: [
      p('chapter_id', '`VERSION:Book.N`', 'KJV:John.3'),
      q('start', 'First verse number', { type: 'integer', minimum: 1 }),
      q('end', 'Last verse number (of `end_chapter` when given)', { type: 'integer', minimum: 1 }),
      q('end_chapter', 'Last chapter of a range over several chapters', { type: 'integer', minimum: 1 }),
    ],
    response: 'VersesDocument',
    errors: [400, 404, 429],
  },
  { method: 'get', path: '/verses/{verse_id}', tag: 'Scripture', summary: 'Show a verse', params: [p('verse_id', '`VERSION:Book.N.M`', 'KJV:John.3.16')], response: 'VersesDocument' },
  {
    method: 'get',
    path: '/verses',
    tag: 'Search',
    summary: 'Keyword search',
    params: [
      { ...q('keyword', 'Words; a quoted phrase must match in order'), required: true },
      q('precision', '`all` (default) or `any`', { enum: ['all', 'any'] }),
      q('exclude', 'Words that must not appear'),
      q('spelling', '`yes`: suggest words when nothing matches', { enum: ['yes', 'no'] }),
      q('version', 'Version codes, comma-separated'),
      q('language', 'Languages (ISO 639-3), comma-separated'),
      q('testament', '`OT`, `NT`, `DEUT`, comma-separated'),
      q('book', 'OSIS book codes, comma-separated'),
      q('sort_order', '`relevance` (default) or `canonical`', { enum: ['relevance', 'canonical'] }),
      q('offset', 'Results to skip', { type: 'integer', minimum: 0 }),
      q('limit', 'Results per page (default 15, at most 500)', { type: 'integer', minimum: 1 }),
    ],
    response: 'KeywordSearchDocument',
    errors: [400, 404, 429],
  },
  {
    method: 'get',
    path: '/passages',
    tag: 'Search',
    summary: 'Look passages up by reference',
    params: [{ ...q('q[]', 'A reference such as `John 3:16-18` (repeatable; `q[0]`, `q` also work)'), required: true }, q('version', 'Version codes, comma-separated, or `ALL`')],
    response: 'PassagesDocument',
    errors: [400, 404, 429],
  },
  {
    method: 'get',
    path: '/{versions}/passages',
    tag: 'Search',
    summary: 'Look passages up in the versions named in the path',
    params: [p('versions', 'Version codes, comma-separated, or `ALL`', 'KJV,ASV'), { ...q('q[]', 'A reference'), required: true }],
    response: 'PassagesDocument',
    errors: [400, 404, 429],
  },
  {
    method: 'get',
    path: '/search',
    tag: 'Search',
    summary: 'Automatic search: 302 to the passage lookup for a reference, to the keyword search otherwise',
    params: [{ ...q('query', 'A reference or words'), required: true }, q('version', 'Version codes, comma-separated')],
    status: 302,
    errors: [400],
  },
  { method: 'get', path: '/user', tag: 'Account', summary: "The caller's account", response: 'UsersDocument', v1Only: true },
  { method: 'put', path: '/user', tag: 'Account', summary: 'Update the account (a new password rotates the token)', body: 'UserBody', response: 'UsersDocument', v1Only: true },
  { method: 'get', path: '/user/export', tag: 'Account', summary: "Export the caller's tags, taggings and notes as one document", response: 'ExportDocument', v1Only: true },
  {
    method: 'post',
    path: '/user/import',
    tag: 'Account',
    summary: 'Import an export document (any account, either format): validated whole, written atomically, items already there by content skipped (also when identical imports arrive at once); the export of any account within its quotas is accepted again',
    body: 'ImportBody',
    response: 'ImportDocument',
    v1Only: true,
  },
  {
    method: 'get',
    path: '/tags',
    tag: 'Tags',
    summary: `The site-wide tag list: names in use by at least ${TAG_LIST_MIN_ACCOUNTS} accounts and the caller's own, most shared first, then by name (paged)`,
    params: PAGE_PARAMS,
    response: 'TagListDocument',
    v1Only: true,
  },
  { method: 'get', path: '/user/tags', tag: 'Tags', summary: "The caller's tags, by name (paged)", params: PAGE_PARAMS, response: 'TagListDocument', v1Only: true },

  { method: 'get', path: '/tags/{tag}', tag: 'Tags', summary: "A tag (by id or name) with the caller's references (paged by reference)", params: [p('tag', 'Integer id, or a form-encoded name', 'faith'), ...PAGE_PARAMS], response: 'TagListDocument', v1Only: true },
  { method: 'delete', path: '/tags/{tag}', tag: 'Tags', summary: "Remove the caller's taggings of a tag", params: [p('tag', 'Integer id, or a form-encoded name', 'faith')], v1Only: true },
  { method: 'get', path: '/user/taggings', tag: 'Taggings', summary: "The caller's taggings (paged)", params: PAGE_PARAMS, response: 'TaggingListDocument', v1Only: true },
  {
    method: 'post',
    path: '/user/taggings',
    tag: 'Taggings',
    summary: 'Create a tagging (201); a tagging identical to one the caller has (same tag, same set of references) is not stored again: 200 with that tagging',
    body: 'TaggingBody',
    response: 'TaggingsDocument',
    status: 201,
    v1Only: true,
  },
  { method: 'get', path: '/user/taggings/{tag_name}', tag: 'Taggings', summary: "The caller's taggings of a tag name (paged)", params: [TAG_NAME, ...PAGE_PARAMS], response: 'TaggingListDocument', v1Only: true },
  { method: 'delete', path: '/user/taggings/{tag_name}', tag: 'Taggings', summary: "Delete the caller's taggings of a tag name", params: [TAG_NAME], v1Only: true },
  { method: 'get', path: '/taggings/{tagging_id}', tag: 'Taggings', summary: 'Show a tagging', params: [p('tagging_id', 'Integer id', '7')], response: 'TaggingsDocument', v1Only: true },
  { method: 'put', path: '/taggings/{tagging_id}', tag: 'Taggings', summary: 'Update a tagging', params: [p('tagging_id', 'Integer id', '7')], body: 'TaggingBody', response: 'TaggingsDocument', v1Only: true },
  { method: 'delete', path: '/taggings/{tagging_id}', tag: 'Taggings', summary: 'Delete a tagging', params: [p('tagging_id', 'Integer id', '7')], v1Only: true },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/annotations',
    tag: 'Notes',
    summary: "The caller's notes and taggings on a chapter, written on any version",
    params: [p('chapter_id', '`VERSION:Book.N`', 'ASV:Gen.1')],
    response: 'ChapterAnnotationsDocument',
    v1Only: true,
  },
  { method: 'get', path: '/user/notes', tag: 'Notes', summary: "The caller's notes (paged)", params: PAGE_PARAMS, response: 'NoteListDocument', v1Only: true },
  { method: 'post', path: '/user/notes', tag: 'Notes', summary: 'Create a note (as the official client posts it)', body: 'NoteBody', response: 'NotesDocument', status: 201, v1Only: true },
  { method: 'post', path: '/notes', tag: 'Notes', summary: 'Create a note', body: 'NoteBody', response: 'NotesDocument', status: 201, v1Only: true },
  { method: 'get', path: '/notes/{note_id}', tag: 'Notes', summary: 'Show a note', params: [p('note_id', 'Integer id', '3')], response: 'NotesDocument', v1Only: true },
  { method: 'put', path: '/notes/{note_id}', tag: 'Notes', summary: 'Update a note', params: [p('note_id', 'Integer id', '3')], body: 'NoteBody', response: 'NotesDocument', v1Only: true },
  { method: 'delete', path: '/notes/{note_id}', tag: 'Notes', summary: 'Delete a note', params: [p('note_id', 'Integer id', '3')], v1Only: true },
  { method: 'get', path: '/', tag: 'Service', summary: 'The reading site: home page', public: 'html' },
  { method: 'get', path: '/openapi.json', tag: 'Service', summary: 'This description (OpenAPI 3.1)', public: 'json' },
  { method: 'get', path: '/docs', tag: 'Service', summary: 'This description as a readable page', public: 'html' },
  { method: 'get', path: '/assets/site.css', tag: 'Service', summary: "The reading site's stylesheet", public: 'css' },
  { method: 'get', path: '/assets/note-form.js', tag: 'Service', summary: "The verse page's note form script", public: 'javascript' },
  { method: 'get', path: '/assets/chapter-annotations.js', tag: 'Service', summary: "The reading page's margin script (the reader's notes and tags)", public: 'javascript' },
];

const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed request or body',
  401: 'No valid API token (send it as the HTTP Basic user name)',
  403: 'Cross-site write refused: a POST, PUT or DELETE that a browser marks as coming from another site (an Origin other than the service\'s own, `Origin: null`, or without Origin `Sec-Fetch-Site` cross-site/same-site), unless that origin is listed by name in CORS_ORIGINS or the request has an XML or JSON Content-Type and is not a navigation (a browser sends such a request only after a CORS preflight). Answered before the token lookup and any rate limit: no WWW-Authenticate, not counted',
  404: 'No such route or resource (personal routes: also under /v2/)',
  413: `Body larger than 64 KiB (POST /user/import: ${MAX_IMPORT_BYTES} bytes, at most ${IMPORT_LIMITS.items} taggings and notes and ${IMPORT_LIMITS.references} references)`,
  415: 'Missing or unsupported Content-Type',
  422: `Invalid data; every problem is listed. Also a write that would take the account over a quota (at most ${QUOTAS.notes} notes, ${QUOTAS.taggings} taggings, ${QUOTAS.tags} tag names in use, ${QUOTAS.references} references and ${QUOTAS.noteText} characters of note text): nothing of it is written`,
  429: 'Rate limit reached for this token (writes, keyword searches, passages over several chapters: README "Rate limits"); `Retry-After` says how many seconds to wait',
};

/** Response headers documented with an error response. */
const ERROR_HEADERS: Record<number, Record<string, unknown>> = {
  429: { 'Retry-After': { description: 'Seconds until the limit has certainly started again', schema: { type: 'integer' } } },
};

/** D1 read replication (README "Read replication"): the bookmark a personal route takes and returns. */
const BOOKMARK_PARAM: Param = {
  name: 'X-D1-Bookmark',
  in: 'header',
  description: "The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400.",
  schema: { type: 'string' },
};
const BOOKMARK_RESPONSE_HEADER = {
  'X-D1-Bookmark': { description: 'Where this request left the database; send it back on the next read to read your own writes', schema: { type: 'string' } },
};

const FORMAT_PARAM: Param = {
  name: 'format',
  in: 'path',
  required: true,
  description: '`xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET).',
  schema: { enum: ['xml', 'js'] },
};

function content(schema: string): Record<string, { schema: Schema }> {
  const s = { $ref: `#/components/schemas/${schema}` };
  return { 'application/json': { schema: s }, 'application/xml': { schema: s } };
}

function operationObject(op: Operation): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const status = op.status ?? 200;
  if (op.public) {
    const type = { json: 'application/json', html: 'text/html', css: 'text/css', javascript: 'text/javascript' }[op.public];
    responses['200'] = { description: op.summary, content: { [type]: { schema: { type: type === 'application/json' ? 'object' : 'string' } } } };
  } else if (status === 302) {
    responses['302'] = { description: 'Redirect to the search URL', headers: { Location: { schema: { type: 'string' } } } };
  } else {
    const headers = {
      ...(status === 201 ? { Location: { description: 'The new resource, with the request suffix', schema: { type: 'string' } } } : {}),
      ...(op.v1Only ? BOOKMARK_RESPONSE_HEADER : {}),
    };
    const withHeaders = Object.keys(headers).length ? { headers } : {};
    responses[String(status)] = op.response
      ? { description: 'OK (`meta` is the last child of the root)', content: content(op.response), ...withHeaders }
      : { description: 'Done; empty body', ...withHeaders };
    if (op.method === 'get' && !op.v1Only && op.tag !== 'Service') responses['304'] = { description: 'Not modified (If-None-Match matched the weak ETag)' };
  }
  if (!op.public) {
    // Every write to personal content counts against the write limit (src/http/rate-limits.ts).
    // Writes are also refused from other sites' forms (src/middleware/cross-site.ts).
    const writes = op.v1Only && op.method !== 'get' ? [403, 429] : [];
    const errors = new Set([401, 404, ...(op.errors ?? []), ...(op.body ? [400, 413, 415, 422] : []), ...writes]);
    for (const code of [...errors].sort()) responses[String(code)] = { $ref: `#/components/responses/E${code}` };
  }
  const object: Record<string, unknown> = {
    operationId: `${op.method}${op.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: op.summary,
    tags: [op.tag],
    parameters: [
      ...(op.params ?? []).map(({ example, schema, ...rest }) => ({ ...rest, schema: schema ?? { type: 'string' }, ...(example ? { example } : {}) })),
      ...(op.public ? [] : [FORMAT_PARAM]),
      ...(op.v1Only && op.method === 'get' ? [BOOKMARK_PARAM] : []),
    ],
    responses,
  };
  if (op.v1Only) {
    object.description =
      'Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read).' +
      (op.method === 'get' ? '' : ' Counts against the per-token write limit (429 with `Retry-After` beyond it).');
    object['x-api-versions'] = [1];
  }
  if (op.public) object.security = [];
  if (op.body) {
    object.requestBody = {
      required: true,
      content: {
        'application/xml': { schema: { $ref: `#/components/schemas/${op.body}` } },
        'application/json': { schema: { $ref: `#/components/schemas/${op.body}` } },
        'application/javascript': { schema: { $ref: `#/components/schemas/${op.body}` } },
      },
    };
  }
  return object;
}

/** The OpenAPI path of an operation: the suffix `.{format}` for API routes. */
export function documentedPath(op: Operation): string {
  return op.public ? op.path : `${op.path === '/' ? '' : op.path}.{format}`;
}

function buildDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[documentedPath(op)] ??= {})[op.method] = operationObject(op);
  const responses: Record<string, unknown> = {};
  for (const [code, text] of Object.entries(ERROR_TEXT)) {
    const headers = ERROR_HEADERS[Number(code)];
    responses[`E${code}`] = { description: text, content: content('Errors'), ...(headers ? { headers } : {}) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Scripture text and annotation service',
      version: '1',
      summary: 'Bible text in XML or JSON, passage lookup, keyword search, and each user\'s own tags and notes.',
      description: [
        'Append `.xml` for XML or `.js` for JSON to every path; the same path without a suffix is the HTML page of the resource.',
        'Every request carries the API token as the HTTP Basic user name (any password).',
        'An optional `/v1` or `/v2` prefix selects the API version (default 1; out of range is clamped); the personal routes (account, tags, taggings, notes) exist only in version 1.',
        `Browsers may call the API from any origin allowed by CORS; the allowed request headers are ${CORS_ALLOW_HEADERS.join(', ')}.`,
        'JSON mapping of the XML: docs/json.md. Errors: `{"errors":{"error":["…"]}}`.',
        `Per-account quotas: at most ${QUOTAS.notes} notes, ${QUOTAS.taggings} taggings, ${QUOTAS.tags} tag names in use, ${QUOTAS.references} references (of taggings and notes together) and ${QUOTAS.noteText} characters of note titles and contents; a write beyond one answers 422 and writes nothing.`,
        `Lists (/tags, /user/tags, /user/taggings, /user/notes, a tag's references) are paged with \`offset\` and \`limit\` (default ${LIST_PAGE.fallback}, at most ${LIST_PAGE.max}); their \`summary\` gives \`start\`, \`total\` and \`rpp\`.`,
      ].join('\n\n'),
    },
    servers: [
      { url: '/', description: 'API version 1 (the default)' },
      { url: '/v1', description: 'API version 1' },
      { url: '/v2', description: 'API version 2: no personal routes' },
    ],
    security: [{ apiToken: [] }],
    tags: ['Scripture', 'Search', 'Account', 'Tags', 'Taggings', 'Notes', 'Service'].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { apiToken: { type: 'http', scheme: 'basic', description: 'The API token as the user name; the password is ignored.' } },
      schemas: SCHEMAS,
      responses,
    },
  };
}

let built: { json: string; value: Record<string, unknown> } | null = null;

/** The document, built once per isolate. */
export function openApiDocument(): Record<string, unknown> {
  built ??= (() => {
    const value = buildDocument();
    return { value, json: JSON.stringify(value) };
  })();
  return built.value;
}

export function openApiJson(): string {
  openApiDocument();
  return built!.json;
}
