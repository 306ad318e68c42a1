import { median } from './measure';
import type { BenchContext } from './types';

/**
 * Whole-version downloads in `npm run bench`: for each version and format, the answer's size, its
 * time to first byte and to the last byte, against the time to first byte of the baseline route
 * `/status.xml` measured alike in the same rounds. A download is rendered book by book as it
 * streams (src/catalogue/downloads.ts), so its first byte should come about as soon as a small
 * answer's, whatever its size; the last byte tells the rate the stream keeps (its CPU is the heavy
 * bench's `download, the WEB as XML`).
 */
export interface DownloadFigure {
  path: string;
  status: number;
  bytes: number;
  /** Median over the rounds, in ms. */
  firstByteMs: number;
  lastByteMs: number;
}

/** Times one GET: until its headers and first body chunk, and until its last byte. */
async function timeOne(
  ctx: BenchContext,
  path: string,
): Promise<{ status: number; bytes: number; first: number; last: number }> {
  const t0 = performance.now();
  const res = await fetch(ctx.baseUrl + path, { headers: { Authorization: ctx.authorization } });
  const reader = res.body?.getReader();
  let bytes = 0;
  let first = NaN;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (Number.isNaN(first)) first = performance.now() - t0;
      if (done) break;
      bytes += value.byteLength;
    }
  }
  return { status: res.status, bytes, first, last: performance.now() - t0 };
}

/**
 * Measures `/status.xml` and every version's download (XML and JSON) and checksums document, one
 * request at a time, `rounds` times each, the baseline interleaved with the downloads so that a
 * slower machine moves both alike.
 */
export async function measureDownloads(
  ctx: BenchContext,
  rounds: number,
): Promise<{ baseline: DownloadFigure; figures: DownloadFigure[] }> {
  // A listed version's `path` child is `/versions/<version_id>` (docs/contract.md "Identifiers").
  const list = await (
    await fetch(`${ctx.baseUrl}/versions.xml`, { headers: { Authorization: ctx.authorization } })
  ).text();
  // A version can be listed more than once (spec: linked versions), so the ids are made unique.
  const ids = [
    ...new Set([...list.matchAll(/<path>\/versions\/([^<]+)<\/path>/g)].map((m) => m[1])),
  ];
  if (ids.length === 0) throw new Error('bench downloads: /versions.xml lists no version');
  const paths = ids.flatMap((id) => [
    `/versions/${id}/checksums.js`,
    `/versions/${id}/download.xml`,
    `/versions/${id}/download.js`,
  ]);
  const samples = new Map<
    string,
    { status: number; bytes: number; first: number[]; last: number[] }
  >();
  const record = (path: string, t: Awaited<ReturnType<typeof timeOne>>) => {
    const s = samples.get(path) ?? { status: t.status, bytes: t.bytes, first: [], last: [] };
    s.first.push(t.first);
    s.last.push(t.last);
    if (t.status !== 200) s.status = t.status;
    samples.set(path, s);
  };
  // One unmeasured pass: the first read of each part from local KV is a cold disk read.
  for (const p of paths) await timeOne(ctx, p);
  for (let round = 0; round < rounds; round++) {
    for (const p of paths) {
      record('/status.xml', await timeOne(ctx, '/status.xml'));
      record(p, await timeOne(ctx, p));
    }
  }
  const figure = (path: string): DownloadFigure => {
    const s = samples.get(path)!;
    return {
      path,
      status: s.status,
      bytes: s.bytes,
      firstByteMs: median(s.first),
      lastByteMs: median(s.last),
    };
  };
  return { baseline: figure('/status.xml'), figures: paths.map(figure) };
}
