import { Hono, type Context } from 'hono';
import {
  checksumsDocument,
  downloadETag,
  downloadStream,
  loadDownload,
} from '../catalogue/downloads';
import { notFound } from '../http/errors';
import { ifNoneMatches } from '../http/etag';
import { enforceRateLimit } from '../http/rate-limits';
import { SCRIPTURE_CACHE_CONTROL } from '../middleware/scripture-cache';
import { CONTENT_TYPES } from '../render/serialize';
import type { DownloadFormat } from '../snapshot/types';
import {
  findVersion,
  findVersionIndex,
  parseTestaments,
  versionsByLanguage,
} from '../catalogue/lookup';
import { bookResource, versionResource } from '../catalogue/resources';
import type { AppEnv } from '../env';
import { respond } from './respond';
import { catalogue } from './catalogue-context';

export const versions = new Hono<AppEnv>();

/** GET /versions.xml, optional `language` (ISO 639 code such as `eng`, or a comma list). */
versions.get('/', async (c) => {
  const cat = await catalogue(c);
  const version = versionsByLanguage(cat, c.req.query('language')).map((v) =>
    versionResource(cat, cat.versions.indexOf(v)),
  );
  return respond(c, 'versions', { version });
});

versions.get('/:version_id', async (c) => {
  const cat = await catalogue(c);
  return respond(c, 'versions', {
    version: [versionResource(cat, findVersionIndex(cat, c.req.param('version_id')))],
  });
});

/** GET /versions/{v}/books.xml, optional `testament`. */
versions.get('/:version_id/books', async (c) => {
  const cat = await catalogue(c);
  const version = findVersion(cat, c.req.param('version_id'));
  const testaments = parseTestaments(c.req.query('testament'));
  const book = [];
  for (let i = 0; i < cat.books.length; i++) {
    const b = cat.books[i];
    if (b.version === version.id && (!testaments || testaments.has(b.testament)))
      book.push(bookResource(cat, i));
  }
  return respond(c, 'books', { book });
});

/** The two formats of a download; a page has none (the route table's `formats`). */
function downloadFormat(c: Context<AppEnv>): DownloadFormat {
  const format = c.get('format');
  if (format !== 'xml' && format !== 'js')
    throw notFound('A download has no page: ask for .xml or .js');
  return format;
}

/**
 * GET /versions/{v}/download.xml: the whole version, rendered book by book as it streams
 * (src/catalogue/downloads.ts). Its ETag is its SHA-256, which the build computed (the route
 * table's `cache: 'own'`: not the scripture cache, whose tag names the request, nor kept in the
 * isolate, which would hold the whole version); a matching If-None-Match (weak comparison,
 * src/http/etag.ts) answers 304 before the download limit counts, and so does HEAD's answer
 * without a body.
 */
versions.get('/:version_id/download', async (c) => {
  const format = downloadFormat(c);
  const cat = await catalogue(c);
  const download = await loadDownload(c.get('snapshot'), cat, c.req.param('version_id'));
  const etag = downloadETag(download.value, format);
  const headers: Record<string, string> = {
    ETag: etag,
    'Cache-Control': SCRIPTURE_CACHE_CONTROL,
    Vary: 'Authorization',
  };
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch && ifNoneMatches(ifNoneMatch, etag))
    return new Response(null, { status: 304, headers });
  const bytes = download.value.formats[format].bytes;
  // HEAD sends no body: it reads no chapter and is not counted against the download limit.
  if (c.req.method === 'HEAD')
    return new Response(null, {
      headers: {
        ...downloadHeaders(download.version.id, format),
        'Content-Length': String(bytes),
        ...headers,
      },
    });
  await enforceRateLimit(c, 'download');
  const body = downloadStream(c.get('snapshot'), cat, download, format);
  // A known length (the build's count) lets a client show progress; the stream still passes
  // through a book at a time.
  const { readable, writable } = new FixedLengthStream(bytes);
  body.pipeTo(writable).catch(() => {});
  return new Response(readable, {
    headers: { ...downloadHeaders(download.version.id, format), ...headers },
  });
});

/** The headers that describe a download's body, for GET and HEAD alike. */
function downloadHeaders(versionId: string, format: DownloadFormat): Record<string, string> {
  return {
    'Content-Type': CONTENT_TYPES[format],
    'Content-Disposition': `attachment; filename="${versionId}.${format === 'js' ? 'json' : 'xml'}"`,
  };
}

/** GET /versions/{v}/checksums.xml: the SHA-256 of the download and of each book, per format. */
versions.get('/:version_id/checksums', async (c) => {
  downloadFormat(c);
  const cat = await catalogue(c);
  const download = await loadDownload(c.get('snapshot'), cat, c.req.param('version_id'));
  return respond(c, 'checksums', checksumsDocument(cat, download));
});
