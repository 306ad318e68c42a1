import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { kept } from '../../src/cache/isolate';
import { BULK_READ_KEYS, SnapshotReader } from '../../src/cache/snapshot-reader';
import { downloadStream, loadDownload } from '../../src/catalogue/downloads';
import { loadCatalogue } from '../../src/catalogue/store';
import { chapterKey, footnotesKey } from '../../src/snapshot/keys';
import { call, getJson, HAS_STUDY, HAS_WEB, newUser, parseXml } from '../support/http';

// Whole-version downloads (src/catalogue/downloads.ts, scripts/snapshot/downloads.ts): the
// verses they claim, rendered as they stream from the chapter values, the bytes the build hashed;
// their checksums, ETag and 304, errors, the download limit, the reads they make.

let token: string;
let kjv: { bytes: Uint8Array; text: string; res: Response; chunks: number };
let checksums: any;
beforeAll(async () => {
  token = (await newUser()).token;
  kjv = await download('/versions/KJV/download.js');
  checksums = (await getJson('/versions/KJV/checksums.js', token)).body.checksums;
});

/** A download read chunk by chunk as it streams. */
async function download(path: string, user = token) {
  const res = await call(path, user);
  const reader = res.body!.getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return { res, bytes, text: new TextDecoder().decode(bytes), chunks: parts.length };
}

async function sha256(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const sumOf = (list: { format: string; bytes: number; sha256: string }[], format: string) =>
  list.find((s) => s.format === format)!;

describe('a whole-version download', () => {
  it('streams the version as JSON whose SHA-256 and size are its checksums and its ETag', async () => {
    expect(kjv.res.status).toBe(200);
    expect(kjv.res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(kjv.chunks).toBeGreaterThan(1);
    const sum = sumOf(checksums.download, 'js');
    expect(kjv.bytes.length).toBe(sum.bytes);
    expect(await sha256(kjv.bytes)).toBe(sum.sha256);
    expect(kjv.res.headers.get('ETag')).toBe(`"sha256-${sum.sha256}"`);
    expect(kjv.res.headers.get('Cache-Control')).toBe('public, max-age=3600');
  });

  it('holds every book the snapshot has chapters of, each with its own checksum', async () => {
    const doc = JSON.parse(kjv.text).download;
    expect(doc.version).toMatchObject({ id: 'KJV', lang: 'eng' });
    expect(doc.meta).toBeUndefined();
    const ids = doc.book.map((b: { id: string }) => b.id);
    expect(ids).toEqual(checksums.book.map((b: { id: string }) => b.id));
    expect(ids).toContain('KJV:John');
    expect(ids).not.toContain('KJV:Exod'); // not in the test fixture
    expect(ids.indexOf('KJV:Gen')).toBeLessThan(ids.indexOf('KJV:Rev'));
    for (const book of doc.book.filter((_: unknown, i: number) => i % 4 === 0)) {
      const listed = checksums.book.find((b: { id: string }) => b.id === book.id);
      expect(await sha256(JSON.stringify(book)), book.id).toBe(sumOf(listed.checksum, 'js').sha256);
      expect(book.chapter.length).toBe(listed.chapters);
    }
    expect(checksums.summary.books).toBe(ids.length);
  });

  it('holds the verses it claims: the text of /chapters/{id}/verses, Psalm titles and the translators’ notes', async () => {
    const doc = JSON.parse(kjv.text).download;
    for (const id of ['KJV:John.3', 'KJV:Ps.3', 'KJV:Jonah.1', 'KJV:Gen.1', 'KJV:Rev.22']) {
      const [bookId, n] = id.split('.');
      const chapter = doc.book
        .find((b: { id: string }) => b.id === bookId)
        .chapter.find((c: { chapter: number }) => c.chapter === Number(n));
      const served = (await getJson(`/chapters/${id}/verses.js`, token)).body.verses.verse;
      expect(chapter.id).toBe(id);
      expect(chapter.verse.map((v: any) => [v.id, v.verse, v.lastverse, v.text])).toEqual(
        served.map((v: any) => [v.id, v.verse, v.lastverse, v.text]),
      );
      // The notes are /chapters/{id}/footnotes's, verse by verse.
      const notes = (await getJson(`/chapters/${id}/footnotes.js`, token)).body.footnotes.verse;
      for (const v of notes) {
        const held = chapter.verse.find((x: { id: string }) => x.id === v.id);
        expect(held?.note, v.id).toEqual(v.note);
      }
    }
    const ps3 = doc.book.find((b: { id: string }) => b.id === 'KJV:Ps').chapter[2].verse[0];
    expect(ps3.text).toContain('<span class="title">');
    const gen1 = doc.book[0].chapter[0].verse.filter((v: { note?: unknown[] }) => v.note);
    expect(gen1.length).toBeGreaterThan(0);
  });

  it('is the same download in XML, whose book elements have their checksums', async () => {
    const xml = await download('/versions/KJV/download.xml');
    expect(xml.res.status).toBe(200);
    expect(xml.res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const sum = sumOf(checksums.download, 'xml');
    expect(await sha256(xml.bytes)).toBe(sum.sha256);
    expect(xml.res.headers.get('ETag')).toBe(`"sha256-${sum.sha256}"`);
    const start = xml.text.indexOf('<book id="KJV:John">');
    const john = xml.text.slice(start, xml.text.indexOf('</book>', start) + '</book>'.length);
    const listed = checksums.book.find((b: { id: string }) => b.id === 'KJV:John');
    expect(await sha256(john)).toBe(sumOf(listed.checksum, 'xml').sha256);
    const parsed = parseXml(john).book;
    const json = JSON.parse(kjv.text).download.book.find(
      (b: { id: string }) => b.id === 'KJV:John',
    );
    expect(parsed.chapter.length).toBe(json.chapter.length);
    expect(parsed.chapter[2].verse[15].text).toBe(json.chapter[2].verse[15].text);
  });

  it('answers 304 to If-None-Match with its ETag, and checksums in XML', async () => {
    const etag = kjv.res.headers.get('ETag')!;
    const res = await call('/versions/KJV/download.js', token, {
      headers: { 'If-None-Match': etag },
    });
    expect(res.status).toBe(304);
    expect(res.headers.get('ETag')).toBe(etag);
    expect(await res.text()).toBe('');
    const other = await call('/versions/KJV/download.js', token, {
      headers: { 'If-None-Match': '"sha256-0"' },
    });
    expect(other.status).toBe(200);
    await other.body?.cancel();
    const xml = await call('/versions/KJV/checksums.xml', token);
    const doc = parseXml(await xml.text()).checksums;
    expect(doc.version).toBe('KJV');
    expect(doc.download[1].sha256).toBe(etag.slice('"sha256-'.length, -1));
  });

  it('answers 304 to a weak comparison: W/ tags, lists and *', async () => {
    // A compressing proxy turns the strong ETag into a weak one; its clients send that back
    // (RFC 9110 §13.1.2: If-None-Match compares weakly).
    const etag = kjv.res.headers.get('ETag')!;
    for (const header of [`W/${etag}`, `"sha256-0", W/${etag}`, `W/"x",${etag}`, '*']) {
      const res = await call('/versions/KJV/download.js', token, {
        headers: { 'If-None-Match': header },
      });
      expect(res.status, header).toBe(304);
      expect(res.headers.get('ETag')).toBe(etag);
    }
    const other = await call('/versions/KJV/download.js', token, {
      headers: { 'If-None-Match': `W/"sha256-0", ${etag.slice(0, -2)}"` },
    });
    expect(other.status).toBe(200);
    await other.body?.cancel();
  });

  it('reads its chapters and notes a hundred keys a read (KV’s 1,000 operations a request), and keeps none in the isolate', async () => {
    // KV's own calls counted: a bulk read is one operation, each of its keys one read.
    let operations = 0;
    const counted = new Proxy(env.SNAPSHOT, {
      get: (kv, name) =>
        name === 'get'
          ? (...args: Parameters<KVNamespace['get']>) => {
              operations++;
              return (kv.get as (...a: unknown[]) => unknown)(...args);
            }
          : Reflect.get(kv, name),
    });
    const snap = new SnapshotReader(counted, env.SNAPSHOT_ID);
    const cat = await loadCatalogue(snap);
    const kjvDownload = await loadDownload(snap, cat, 'KJV');
    const partKeys = kjvDownload.value.books.flatMap((b) => [
      ...Array.from({ length: b.chapters }, (_, i) => chapterKey(snap.id, 'KJV', b.osis, i + 1)),
      ...(b.notes ?? []).map((c) => footnotesKey(snap.id, 'KJV', b.osis, c)),
    ]);
    const keys = partKeys.length;
    // What other tests' requests left in the isolate is taken from there, not read.
    const keptBefore = partKeys.filter((k) => kept(k) !== undefined).length;
    expect(kjvDownload.value.books.some((b) => b.notes?.length)).toBe(true);
    expect(keys).toBeGreaterThan(2 * BULK_READ_KEYS);
    // The chapters no request has left in the isolate (other files' requests, a random verse,
    // may have read any one): none of them is there after the download either.
    const notKept = partKeys.filter((k) => kept(k) === undefined);
    expect(notKept.length).toBeGreaterThan(keys / 2);
    const before = snap.reads;
    const operationsBefore = operations;
    const body = await new Response(downloadStream(snap, cat, kjvDownload, 'js')).arrayBuffer();
    expect(await sha256(new Uint8Array(body))).toBe(kjvDownload.value.formats.js.sha256);
    expect(operations - operationsBefore).toBe(Math.ceil(keys / BULK_READ_KEYS));
    expect(snap.reads - before).toBe(keys - keptBefore);
    expect(notKept.filter((k) => kept(k) !== undefined)).toEqual([]);
  });

  it('streams each of the fixture’s other downloads with the SHA-256 and size of its checksums', async () => {
    // The KJV's, in both formats, are the tests above.
    const ids = [HAS_WEB ? 'WEB' : 'ASV', ...(HAS_STUDY ? ['WLC', 'TR', 'SBLGNT'] : [])];
    for (const id of ids)
      for (const format of ['xml', 'js']) {
        const sums = (await getJson(`/versions/${id}/checksums.js`, token)).body.checksums;
        const got = await download(`/versions/${id}/download.${format}`);
        expect(got.res.status, `${id} ${format}`).toBe(200);
        const sum = sumOf(sums.download, format);
        expect(got.bytes.length, `${id} ${format}`).toBe(sum.bytes);
        expect(await sha256(got.bytes), `${id} ${format}`).toBe(sum.sha256);
      }
  });

  it('answers HEAD with the headers of the download, without counting it against the limit', async () => {
    const user = (await newUser('header')).token;
    const limit = env.TEST_RATE_LIMITS.DOWNLOAD_LIMITER.simple.limit;
    for (let i = 0; i <= limit; i++) {
      const res = await call('/versions/KJV/download.js', user, { method: 'HEAD' });
      expect(res.status, `HEAD ${i + 1}`).toBe(200);
      expect(res.headers.get('ETag')).toBe(kjv.res.headers.get('ETag'));
      expect(res.headers.get('Content-Length')).toBe(String(kjv.bytes.length));
      expect(await res.text()).toBe('');
    }
    const got = await call('/versions/KJV/download.js', user);
    expect(got.status).toBe(200);
    await got.body?.cancel();
  });

  it('is a 404 in the requested format for an unknown version, and has no page', async () => {
    for (const path of ['/versions/NIV/download', '/versions/NIV/checksums']) {
      const xml = await call(`${path}.xml`, token);
      expect(xml.status).toBe(404);
      expect(await xml.text()).toContain('<errors><error>Unknown version: NIV</error></errors>');
      const js = await call(`${path}.js`, token);
      expect(js.status).toBe(404);
      expect(await js.json()).toEqual({ errors: { error: ['Unknown version: NIV'] } });
      expect((await call(path.replace('NIV', 'KJV'), token)).status).toBe(404);
    }
  });

  it('counts each download against the download limit, but not a 304', async () => {
    const user = (await newUser('downloader')).token;
    const path = HAS_STUDY ? '/versions/TR/download.js' : '/versions/KJV/download.js';
    const limit = env.TEST_RATE_LIMITS.DOWNLOAD_LIMITER.simple.limit;
    let etag = '';
    for (let i = 0; i < limit; i++) {
      const res = await call(path, user);
      expect(res.status, `download ${i + 1}`).toBe(200);
      etag = res.headers.get('ETag')!;
      await res.body?.cancel();
    }
    const over = await call(path, user);
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toBe('60');
    expect(((await over.json()) as { errors: { error: string[] } }).errors.error[0]).toMatch(
      /whole-version downloads/,
    );
    const unchanged = await call(path, user, { headers: { 'If-None-Match': etag } });
    expect(unchanged.status).toBe(304);
    // The checksums are a plain read, never limited.
    expect((await call(path.replace('download', 'checksums'), user)).status).toBe(200);
  });
});
