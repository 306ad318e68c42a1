import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetWhere, kept } from '../../src/cache/isolate';
import { parseVerseId } from '../../src/catalogue/ids';
import { kvReadsOf } from '../../src/http/server-timing';
import {
  chapterKey,
  chapterWordsKey,
  verseTextBlockKey,
  verseWordsBlockKey,
} from '../../src/snapshot/keys';
import { blockOf } from '../../src/snapshot/verse-blocks';
import { MAX_PAGE_VALUES } from '../../src/api/limits';
import { call, newUser } from '../support/http';

/**
 * A page of study results reads what it shows (src/study/store.ts pageVerseRecords): the blocks
 * of its verses' text and tagged words (src/snapshot/verse-blocks.ts), never the whole chapters
 * and chapter words they stand in, so that a rare feature or number scattered over a hundred
 * chapters costs a few KiB a verse. Each page is asked for with the isolate's cache empty, as the
 * first request for it is.
 */
let token: string;

beforeAll(async () => {
  ({ token } = await newUser('page-reads'));
});

/** The page's verses, and the KV reads it made, its isolate's cache emptied first. */
async function coldPage(path: string): Promise<{ ids: string[]; reads: number }> {
  forgetWhere('', () => true);
  const res = await call(path, token);
  expect(res.status, path).toBe(200);
  const reads = kvReadsOf(res.headers.get('Server-Timing'));
  const body = (await res.json()) as {
    search: { result: { verses: { verse: { id: string }[] } } };
  };
  return { ids: body.search.result.verses.verse.map((v) => v.id), reads: reads ?? -1 };
}

describe.skipIf(!env.TEST_HAS_STUDY)('a page of study results', () => {
  for (const path of [
    // Piel verbs and the divine name: a few verses in each of many chapters and versions.
    '/verses.js?stem=piel&limit=100',
    '/verses.js?strongs=H3068&limit=100',
    '/verses.js?strongs=G2424,G5547&offset=20&limit=100',
  ])
    it(`${path}: reads its verses' blocks, not their chapters`, async () => {
      const { ids, reads } = await coldPage(path);
      expect(ids.length, path).toBeGreaterThan(10);
      const id = env.SNAPSHOT_ID;
      const chapters = new Set<string>();
      for (const verseId of ids) {
        const v = parseVerseId(verseId)!;
        chapters.add(`${v.version} ${v.book} ${v.chapter}`);
        expect(kept(chapterKey(id, v.version, v.book, v.chapter)), verseId).toBeUndefined();
        expect(kept(chapterWordsKey(id, v.version, v.book, v.chapter)), verseId).toBeUndefined();
        const block = blockOf(v.verse);
        expect(kept(verseTextBlockKey(id, v.version, v.book, v.chapter, block)), verseId).toEqual({
          verses: expect.arrayContaining([expect.objectContaining({ verse: v.verse })]),
        });
        expect(
          kept(verseWordsBlockKey(id, v.version, v.book, v.chapter, block)),
          verseId,
        ).not.toBeUndefined();
      }
      expect(chapters.size, path).toBeGreaterThan(1);
      // The catalogue, the study layer's facts, an index per version (the grammar's or each
      // number's), and at most the two blocks of each verse shown.
      expect(reads, path).toBeGreaterThan(0);
      expect(reads, path).toBeLessThanOrEqual(2 + 4 * 2 + 2 * ids.length);
    });

  it(`ends a page whose verses are far apart before it reads more than ${MAX_PAGE_VALUES} values of blocks, saying how many it holds`, async () => {
    const path = '/verses.js?strongs=H3068&limit=100';
    const { ids } = await coldPage(path);
    const blocks = new Set(
      ids.map((id) => {
        const v = parseVerseId(id)!;
        return `${v.version}:${v.book}.${v.chapter}.${blockOf(v.verse)}`;
      }),
    );
    expect(ids.length).toBeLessThan(100);
    expect(blocks.size * 2).toBeLessThanOrEqual(MAX_PAGE_VALUES);
    const first = await call(path, token);
    const body = (await first.json()) as any;
    expect(first.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(body.search.result.summary.rpp).toBe(ids.length);
    // The next page starts with the verse after them.
    const next = (await (await call(`${path}&offset=${ids.length}`, token)).json()) as any;
    const two = `/verses.js?strongs=H3068&limit=2&offset=${ids.length - 1}`;
    const all = (await (await call(two, token)).json()) as any;
    expect(next.search.result.verses.verse[0].id).toBe(all.search.result.verses.verse[1].id);
  });
});
