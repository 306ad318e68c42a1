import { QUOTAS } from '../annotations/personal/quotas';
import { ANONYMOUS_AUTHOR, REPORTS_TO_HIDE } from '../api/limits';
import { boundsSentence, describedBounds } from '../api/budgets';
import { IMPORT_LIMITS, MAX_IMPORT_BYTES } from '../annotations/personal/transfer';
import { LIST_PAGE } from '../http/paging';
import {
  accessOf,
  isReadKeyOperation,
  rateLimitOf,
  ROUTES,
  TAGS,
  type Operation,
  type Param,
} from '../api/table';
import {
  MAX_REFERENCE_BODY_BYTES,
  MAX_REFERENCE_TEXT_LENGTH,
  MAX_REFERENCE_NUMBERS,
  MAX_REFERENCE_WORDS,
  MAX_REFERENCE_TEXTS,
} from '../api/limits';
import { CORS_ALLOW_HEADERS } from '../api/cors';
import { MCP_DESCRIPTION } from '../api/mcp';
import { schemas, type Schema } from '../api/schemas';

/**
 * The OpenAPI 3.1 description of the service, served at /openapi.json and rendered at /docs.
 * It is written from the route table (src/api/table.ts), once per isolate. It cannot drift from the app:
 * test/openapi/document.test.ts checks that every route the app answers is here and every path here
 * is answered, validates a real JSON response of every GET against its schema, and validates
 * the document against the OpenAPI 3.1 schema.
 */

const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed request or body',
  401: 'No valid API token (send it as the HTTP Basic user name)',
  403: "Not allowed: reporting one's own note (docs/public-notes.md), any /moderation route without the moderator role; a read key refused (docs/tagger.md): the key is unknown or revoked, the request's `Origin` is missing or not one the key lists, or the route is not one a key may call (personal content, pages); or a cross-site write refused: a POST, PUT or DELETE that a browser marks as coming from another site (an Origin other than the service's own, `Origin: null`, or without Origin `Sec-Fetch-Site` cross-site/same-site), unless that origin is listed by name in CORS_ORIGINS or the request has an XML or JSON Content-Type and is not a navigation (a browser sends such a request only after a CORS preflight). Answered before the token lookup and any rate limit: no WWW-Authenticate, not counted",
  404: 'No such route or resource (personal routes: also under /v2/)',
  409: "Conflict with what is stored: a second report of the same note by the same account, or a moderation action the note's state does not allow (restoring a note that was not removed, acting on a removed note before restoring it); or a retry with an Idempotency-Key while the first request with it still runs (`Retry-After`: retry for its answer, docs/sync.md); nothing is changed",
  410: 'The changes feed\'s cursor (`since`) is older than the deletions kept: sync again from the start, without `since` (docs/sync.md "Retention")',
  413: `Body larger than 64 KiB (POST /user/import: ${MAX_IMPORT_BYTES} bytes, at most ${IMPORT_LIMITS.items} taggings and notes and ${IMPORT_LIMITS.references} references; POST /references: ${MAX_REFERENCE_BODY_BYTES} bytes, at most ${MAX_REFERENCE_TEXTS} texts of ${MAX_REFERENCE_TEXT_LENGTH} characters holding at most ${MAX_REFERENCE_NUMBERS} numbers and ${MAX_REFERENCE_WORDS} words)`,
  415: 'Missing or unsupported Content-Type',
  422: `Invalid data; every problem is listed. Also the same Idempotency-Key sent with another request (method, path or body; docs/sync.md), or a write that would take the account over a quota (at most ${QUOTAS.notes} notes, ${QUOTAS.taggings} taggings, ${QUOTAS.tags} tag names in use, ${QUOTAS.references} references, ${QUOTAS.noteText} characters of note text and ${QUOTAS.publicNotes} public notes): nothing of it is written`,
  429: 'Rate limit reached for this token (writes, publications, keyword searches, passages over several chapters: docs/configuration.md "Rate limits"), or a new Idempotency-Key when the account\'s kept answers are full (docs/sync.md "Retention"); `Retry-After` says how many seconds to wait',
};

/** Response headers documented with an error response. */
const ERROR_HEADERS: Record<number, Record<string, unknown>> = {
  429: {
    'Retry-After': {
      description: 'Seconds until the limit has certainly started again',
      schema: { type: 'integer' },
    },
  },
};

/** A write that takes an Idempotency-Key (the route table's `idempotent`; docs/sync.md). */
const IDEMPOTENCY_KEY_PARAM: Param = {
  name: 'Idempotency-Key',
  in: 'header',
  description:
    'Optional: a new key (1 to 255 visible ASCII characters, a UUID say) for each new request, the same one when resending it. The same key with the same request, once answered, answers that first answer again (`Idempotent-Replayed: true`) and writes nothing; with another request, 422; while the first still runs, 409. Keys are per account, kept 24 hours (docs/sync.md "Idempotency-Key").',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};
/** A write that honours If-Match (the route table's `conditional`; docs/sync.md). */
const IF_MATCH_PARAM: Param = {
  name: 'If-Match',
  in: 'header',
  description:
    'Optional: the ETag of the revision this write is meant for (or `*`). When it is no longer the current one, the answer is 412 with the resource as it is now and nothing is written (RFC 9110 §13.1.1; docs/sync.md "Conditional writes"). Malformed: 400.',
  schema: { type: 'string' },
};
const ETAG_RESPONSE_HEADER = {
  ETag: {
    description:
      'The revision of the note, tagging or tag (strong; docs/sync.md "Revisions"): send it as If-Match to write only over this revision',
    schema: { type: 'string' },
  },
};
const REPLAYED_RESPONSE_HEADER = {
  'Idempotent-Replayed': {
    description: 'true when this is the first answer to the Idempotency-Key, given again',
    schema: { const: 'true' },
  },
};
/** The documents whose GET and writes carry the item's ETag. */
const REVISIONED = new Set(['NotesDocument', 'TaggingsDocument']);

/** D1 read replication (docs/configuration.md "Read replication (D1 Sessions)"): the bookmark a personal route takes and returns. */
const BOOKMARK_PARAM: Param = {
  name: 'X-D1-Bookmark',
  in: 'header',
  description:
    "The `X-D1-Bookmark` of an earlier response: this read then sees at least everything that response saw, the caller's own writes included. Optional; a malformed value is a 400.",
  schema: { type: 'string' },
};
const BOOKMARK_RESPONSE_HEADER = {
  'X-D1-Bookmark': {
    description:
      'Where this request left the database; send it back on the next read to read your own writes',
    schema: { type: 'string' },
  },
};

const FORMAT_PARAM: Param = {
  name: 'format',
  in: 'path',
  required: true,
  description:
    '`xml` for XML, `js` for JSON. Without the suffix the same path is the HTML page of the resource (GET).',
  schema: { enum: ['xml', 'js'] },
};

function content(schema: string): Record<string, { schema: Schema }> {
  const s = { $ref: `#/components/schemas/${schema}` };
  return { 'application/json': { schema: s }, 'application/xml': { schema: s } };
}

const MEDIA_TYPES = {
  json: 'application/json',
  html: 'text/html',
  css: 'text/css',
  javascript: 'text/javascript',
  woff2: 'font/woff2',
} as const;

/**
 * A path whose scripture id is looked up by its book (src/catalogue/lookup.ts), which redirects
 * an id written with the version's own book names (src/routes/canonical-ids.ts). A commentary
 * entry's address is the KJV's, read as it is.
 */
const SCRIPTURE_ID = /^\/(books|chapters|verses)\/\{(book|chapter|verse)_id\}/;

/** Whether the route has an XML/JSON form (`.{format}`), or is a page or a public file only. */
const hasDocument = (op: Operation) =>
  accessOf(op) !== 'public' && (op.formats ?? ['xml', 'js', 'html']).includes('xml');

function operationObject(op: Operation): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const status = op.status ?? 200;
  const access = accessOf(op);
  const personal = access === 'personal';
  const limit = rateLimitOf(op);
  if (!hasDocument(op)) {
    const type = MEDIA_TYPES[op.media ?? 'html'];
    responses['200'] = {
      description: op.summary,
      content: { [type]: { schema: { type: type === 'application/json' ? 'object' : 'string' } } },
    };
  } else if (status === 302) {
    responses['302'] = {
      description: 'Redirect to the search URL',
      headers: { Location: { schema: { type: 'string' } } },
    };
  } else {
    const headers = {
      ...(status === 201
        ? {
            Location: {
              description: 'The new resource, with the request suffix',
              schema: { type: 'string' },
            },
          }
        : {}),
      ...(personal ? BOOKMARK_RESPONSE_HEADER : {}),
      ...((op.response && REVISIONED.has(op.response)) || op.path === '/tags/{tag}'
        ? ETAG_RESPONSE_HEADER
        : {}),
      ...(op.idempotent ? REPLAYED_RESPONSE_HEADER : {}),
    };
    const withHeaders = Object.keys(headers).length ? { headers } : {};
    responses[String(status)] = op.response
      ? {
          description:
            op.cache === 'own'
              ? 'OK, streamed (no `meta`: the bytes are fixed at build time; the strong ETag is their SHA-256)'
              : 'OK (`meta` is the last child of the root)',
          content: content(op.response),
          ...withHeaders,
        }
      : { description: 'Done; empty body', ...withHeaders };
    if (op.method === 'get' && !personal && op.tag !== 'Service')
      responses['304'] = {
        description:
          op.cache === 'own'
            ? 'Not modified (If-None-Match matched the ETag, the SHA-256); not counted against the rate limit'
            : op.cache === 'seeded'
              ? 'Not modified, with `seed` only (If-None-Match matched the weak ETag); without it every answer is a fresh draw, `no-store`'
              : 'Not modified (If-None-Match matched the weak ETag)',
      };
  }
  if (SCRIPTURE_ID.test(op.path))
    responses[op.method === 'get' ? '301' : '308'] = {
      description:
        "The id names its book by the version's own name or an abbreviation (`RV1909:Juan.3`, `KJV:Jn.3`): to the canonical id (`RV1909:John.3`), the prefix, suffix and query kept; empty body",
      headers: { Location: { schema: { type: 'string' } } },
    };
  if (access !== 'public') {
    // Writes to personal content are also refused from other sites' forms (src/middleware/cross-site.ts).
    // A read key is refused with 403 where it may not go, and where it may (docs/tagger.md).
    const writes = (personal && op.method !== 'get') || isReadKeyOperation(op) ? [403] : [];
    const errors = new Set([
      401,
      404,
      ...(op.errors ?? []),
      ...(op.body ? [400, 413, 415, 422] : []),
      ...writes,
      ...(limit ? [429] : []),
    ]);
    if (op.idempotent) errors.add(409).add(422).add(429);
    for (const code of [...errors].sort())
      responses[String(code)] = { $ref: `#/components/responses/E${code}` };
    if (op.conditional)
      responses['412'] = {
        description:
          'The If-Match does not name the current revision: the resource as it is now (its ETag in the header); nothing is written',
        content: content(op.conditional),
        headers: ETAG_RESPONSE_HEADER,
      };
  }
  const object: Record<string, unknown> = {
    operationId: `${op.method}${op.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: op.summary,
    tags: [op.tag],
    parameters: [
      ...(op.params ?? []).map(({ example, schema, ...rest }) => ({
        ...rest,
        schema: schema ?? { type: 'string' },
        ...(example ? { example } : {}),
      })),
      ...(hasDocument(op) ? [FORMAT_PARAM] : []),
      ...(personal && op.method === 'get' ? [BOOKMARK_PARAM] : []),
      ...(op.idempotent ? [IDEMPOTENCY_KEY_PARAM] : []),
      ...(op.conditional ? [IF_MATCH_PARAM] : []),
    ],
    responses,
  };
  if (personal) {
    object.description =
      'Personal content: API version 1 only (404 under `/v2/`); responses are `Cache-Control: private, no-store` and carry `X-D1-Bookmark` (read your own writes by sending it back on a read).' +
      (limit === 'write'
        ? ' Counts against the per-token write limit (429 with `Retry-After` beyond it).'
        : '');
    object['x-api-versions'] = [1];
  }
  object['x-access'] = access;
  if (limit) object['x-rate-limit'] = limit;
  // What the route may cost, as the route table declares it (src/api/budgets.ts).
  object['x-bounds'] = describedBounds(op.bounds);
  object.description = `${object.description ? `${object.description as string} ` : ''}${boundsSentence(op.bounds)}`;
  if (access === 'public') object.security = [];
  // A publishable read key works here too, from the origins it lists (docs/tagger.md).
  if (isReadKeyOperation(op)) object.security = [{ apiToken: [] }, { readKey: [] }];
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

/** The OpenAPI path of an operation: the suffix `.{format}` for routes with XML and JSON forms. */
export function documentedPath(op: Operation): string {
  return hasDocument(op) ? `${op.path}.{format}` : op.path;
}

function buildDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ROUTES) (paths[documentedPath(op)] ??= {})[op.method] = operationObject(op);
  const responses: Record<string, unknown> = {};
  for (const [code, text] of Object.entries(ERROR_TEXT)) {
    const headers = ERROR_HEADERS[Number(code)];
    responses[`E${code}`] = {
      description: text,
      content: content('Errors'),
      ...(headers ? { headers } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Scripture text and annotation service',
      version: '1',
      summary:
        "Bible text in XML or JSON, passage lookup, keyword search, and each user's own tags and notes.",
      description: [
        'Append `.xml` for XML or `.js` for JSON to every path; the same path without a suffix is the HTML page of the resource.',
        'Every request carries the API token as the HTTP Basic user name (any password); a page of another site may read scripture with a publishable read key instead (`?key=rk_…`, security scheme `readKey`; docs/tagger.md).',
        'An optional `/v1` or `/v2` prefix selects the API version (default 1; out of range is clamped); the personal routes (account, tags, taggings, notes) exist only in version 1.',
        `Browsers may call the API from any origin allowed by CORS; the allowed request headers are ${CORS_ALLOW_HEADERS.join(', ')}.`,
        'JSON mapping of the XML: docs/json.md. Errors: `{"errors":{"error":["…"]}}`.',
        `Per-account quotas: at most ${QUOTAS.notes} notes, ${QUOTAS.taggings} taggings, ${QUOTAS.tags} tag names in use, ${QUOTAS.references} references (of taggings and notes together), ${QUOTAS.noteText} characters of note titles and contents and ${QUOTAS.publicNotes} public notes; a write beyond one answers 422 and writes nothing.`,
        `Public notes (docs/public-notes.md): \`public\` 1 on a note publishes it beside the text for every reader, under the author's \`display_name\` (PUT /user; opt-in) or "${ANONYMOUS_AUTHOR}", never an e-mail address; \`public\` 0 withdraws it at once. Reports from ${REPORTS_TO_HIDE} accounts hide a note until a moderator decides; moderators (role \`moderator\`, given by the operator: \`npm run user -- role EMAIL moderator\`) approve, hide, remove or restore it, and every decision is logged. With the review switch on (\`PUBLIC_NOTE_REVIEW_DAYS\` = N in the deployment's vars), accounts younger than N days publish into the moderators' queue first. The author reads the state in \`moderated\`.`,
        `Lists (/tags, /user/tags, /user/taggings, /user/notes, a tag's references) are paged with \`offset\` and \`limit\` (default ${LIST_PAGE.fallback}, at most ${LIST_PAGE.max}); their \`summary\` gives \`start\`, \`total\` and \`rpp\`.`,
        MCP_DESCRIPTION,
      ].join('\n\n'),
    },
    servers: [
      { url: '/', description: 'API version 1 (the default)' },
      { url: '/v1', description: 'API version 1' },
      { url: '/v2', description: 'API version 2: no personal routes' },
    ],
    security: [{ apiToken: [] }],
    tags: TAGS.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiToken: {
          type: 'http',
          scheme: 'basic',
          description: 'The API token as the user name; the password is ignored.',
        },
        readKey: {
          type: 'apiKey',
          in: 'query',
          name: 'key',
          description:
            'A publishable read key (`rk_…`, made with `npm run user -- key create EMAIL --origin https://example.org`) for pages of other sites: accepted only on the operations that list it (scripture, search, study, library and finding references, in XML or JSON), only when the request\'s `Origin` header is one the key lists, and only until it is revoked; anything else is a 403. Every request with a key counts against the key\'s rate limit (docs/configuration.md "Rate limits"). A key is public by design: what it reads is what any reader may read (docs/tagger.md "Threat model").',
        },
      },
      schemas: schemas(),
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
