import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { GEN_1_1, noteXml, XML } from '../support/annotations';
import { call, getXml, newUser, parseXml } from '../support/http';
import { accountDb } from '../support/shards';
import { forgetKeptResponses } from '../../src/cache/responses';

/**
 * Per-token rate limits on writes, keyword searches and long passages, on the real
 * Rate Limiting binding (miniflare's), at the limits vitest.config.ts gives the test worker.
 */

const LIMITS = env.TEST_RATE_LIMITS;

/**
 * Sends requests until the first 429 and returns it, after checking that exactly `limit` were
 * accepted before it. Windows are fixed (miniflare aligns them to the clock), so a burst that
 * crosses a window boundary may be accepted up to twice the limit: the exact count is checked only
 * when the window did not change. The 429 carries Retry-After: the binding's period.
 */
async function expectRefusedAfter(
  binding: keyof typeof LIMITS,
  send: () => Promise<Response>,
  limit = LIMITS[binding].simple.limit,
): Promise<Response> {
  const { period } = LIMITS[binding].simple;
  const windowOf = () => Math.floor(Date.now() / (period * 1000));
  const startWindow = windowOf();
  let accepted = 0;
  for (let i = 0; i <= 2 * limit; i++) {
    const res = await send();
    if (res.status === 429) {
      expect(accepted).toBeGreaterThanOrEqual(limit);
      if (windowOf() === startWindow) expect(accepted).toBe(limit);
      expect(res.headers.get('Retry-After')).toBe(String(period));
      return res;
    }
    await res.arrayBuffer();
    accepted++;
  }
  throw new Error(`no 429 after ${accepted} requests (limit ${limit})`);
}

describe('writes: WRITE_LIMITER per token', () => {
  it('refuses writes over the limit with 429, Retry-After and an error body, changing nothing', async () => {
    const { token } = await newUser('limited');
    // One real write first: it must survive the refused ones.
    const created = await call('/notes.xml', token, {
      method: 'POST',
      headers: XML,
      body: noteXml({ title: 'kept', content: 'before the limit', references: [GEN_1_1] }),
    });
    expect(created.status).toBe(201);
    const refused = await expectRefusedAfter(
      'WRITE_LIMITER',
      async () => {
        // A write of any outcome counts: a DELETE of a note that does not exist is cheap (404).
        const res = await call('/notes/999999999.xml', token, { method: 'DELETE' });
        if (res.status !== 429) expect(res.status).toBe(404);
        return res;
      },
      LIMITS.WRITE_LIMITER.simple.limit - 1,
    );
    expect(refused.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(refused.headers.get('Cache-Control')).toBe('private, no-store');
    expect(parseXml(await refused.text()).errors.error).toMatch(/^Rate limit reached for writes/);

    // Still refused, in JSON when asked for JSON; nothing is created.
    const json = await call('/notes.js', token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        note: { title: 'refused', content: 'x', references: { reference: [GEN_1_1] } },
      }),
    });
    expect(json.status).toBe(429);
    expect(json.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(((await json.json()) as any).errors.error[0]).toMatch(/^Rate limit reached for writes/);
    const put = await call(`${created.headers.get('Location')!.replace(/\.xml$/, '')}.xml`, token, {
      method: 'PUT',
      headers: XML,
      body: noteXml({ title: 'changed' }),
    });
    expect(put.status).toBe(429);

    // Reads are not limited, and show the data as it was.
    const { res, body } = await getXml('/user/notes.xml', token);
    expect(res.status).toBe(200);
    const notes = [body.notes.note].flat();
    expect(notes.map((n: { title: string }) => n.title)).toEqual(['kept']);
  });

  it('counts each token on its own: while one account is refused, another still writes', async () => {
    // Self-contained: this test drains an account of its own first, instead of
    // relying on the test before it having drained one.
    // The limit counts in fixed windows: the drained account must still be refused when it is
    // asked again, so the whole check is made within one window (a second try if one ended midway).
    const window = () => Math.floor(Date.now() / (LIMITS.WRITE_LIMITER.simple.period * 1000));
    let checked = false;
    for (let attempt = 0; attempt < 2 && !checked; attempt++) {
      const drained = await newUser('drained');
      const deleteMissing = () => call('/notes/999999999.xml', drained.token, { method: 'DELETE' });
      await expectRefusedAfter('WRITE_LIMITER', deleteMissing);
      const refusedIn = window();
      const { token } = await newUser('unlimited');
      const res = await call('/notes.xml', token, {
        method: 'POST',
        headers: XML,
        body: noteXml({ title: 'mine', content: 'x', references: [GEN_1_1] }),
      });
      expect(res.status).toBe(201);
      const again = await deleteMissing();
      if (window() !== refusedIn) continue;
      expect(again.status).toBe(429);
      checked = true;
    }
    expect(checked).toBe(true);
  });

  it('is documented: 429 with Retry-After on the writes of the OpenAPI description', async () => {
    const { token } = await newUser();
    const doc = (await (await call('/openapi.json', token)).json()) as any;
    expect(doc.paths['/notes.{format}'].post.responses['429']).toEqual({
      $ref: '#/components/responses/E429',
    });
    expect(doc.components.responses.E429.headers['Retry-After']).toBeDefined();
  });
});

describe('keyword search: SEARCH_LIMITER per token', () => {
  it('refuses searches over the limit (API and page); verse and chapter reads are never limited', async () => {
    const { token } = await newUser('searcher');
    // A word of few verses: a search is never kept, so each of them is a whole search (~4 ms less
    // of workerd's CPU each than `beginning`).
    const refused = await expectRefusedAfter('SEARCH_LIMITER', () =>
      call('/verses.js?keyword=nicodemus', token),
    );
    expect(((await refused.json()) as any).errors.error[0]).toMatch(
      /^Rate limit reached for keyword searches/,
    );

    // The search page is the same search: an HTML error page.
    const page = await call('/verses?keyword=light', token);
    expect(page.status).toBe(429);
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('Too many requests');

    // The hot path stays open.
    expect((await call('/verses/KJV:Gen.1.1.xml', token)).status).toBe(200);
    expect((await call('/chapters/KJV:Gen.1.js', token)).status).toBe(200);
    expect((await call('/passages.js?q[]=John+3:16', token)).status).toBe(200);
    // Another token searches.
    expect((await call('/verses.js?keyword=beginning', (await newUser()).token)).status).toBe(200);
  });
});

describe('large pages rendered afresh: PASSAGE_LIMITER per token', () => {
  it("counts each rendering of a chapter's cross-references, its words and a topic, never a kept answer", async () => {
    const { token } = await newUser('reader');
    // The same page again and again is its kept answer: nothing counts past the first.
    for (let i = 0; i < LIMITS.PASSAGE_LIMITER.simple.limit + 5; i++)
      expect((await call('/chapters/KJV:John.1/cross-references.js', token)).status).toBe(200);
    // Each rendering counts: the chapters of John in turn, in both formats.
    const renderings = Array.from({ length: 21 }, (_, c) => [
      `/chapters/KJV:John.${c + 1}/cross-references.xml?include=text`,
      `/chapters/KJV:John.${c + 1}/words.xml`,
    ]).flat();
    let i = 0;
    const refused = await expectRefusedAfter(
      'PASSAGE_LIMITER',
      () => call(renderings[i++], token),
      LIMITS.PASSAGE_LIMITER.simple.limit - 1,
    );
    expect(parseXml(await refused.text()).errors.error).toMatch(/large pages rendered afresh/);
    // What was rendered and kept is still answered.
    expect((await call('/chapters/KJV:John.1/cross-references.js', token)).status).toBe(200);
    // A topic kept by another test's request would be answered kept, uncounted: forget them.
    forgetKeptResponses();
    expect((await call('/topics/love.js', token)).status).toBe(429);
  });
});

describe('long passages: PASSAGE_LIMITER per token', () => {
  it('counts reads over several chapters; one chapter is never limited', async () => {
    const { token } = await newUser('reader');
    const refused = await expectRefusedAfter('PASSAGE_LIMITER', () =>
      call('/chapters/KJV:Gen.1/verses.xml?end_chapter=2', token),
    );
    expect(parseXml(await refused.text()).errors.error).toMatch(
      /^Rate limit reached for reads of passages longer than one chapter/,
    );

    // A multi-chapter passage lookup is refused too; one-chapter reads are not.
    expect((await call('/passages.xml?q[]=Gen+1-2', token)).status).toBe(429);
    expect((await call('/KJV/passages.js?q[]=Rom+1:1-3:20', token)).status).toBe(429);
    // (One version: Genesis 1 in every version of the fixture holds more verses than Psalm 119.)
    expect((await call('/passages.xml?q[]=Gen+1&version=KJV', token)).status).toBe(200);
    // Passages of one chapter each, holding together more verses than the longest chapter, count.
    expect((await call('/passages.xml?q[]=Ps+119&q[]=Ps+119&version=KJV', token)).status).toBe(429);
    expect((await call('/chapters/KJV:Ps.119/verses.xml', token)).status).toBe(200);
    expect((await call('/chapters/KJV:Gen.1/verses.xml?start=1&end=5', token)).status).toBe(200);
  });

  it('does not count a request refused before the limiter (a range over 500 verses is a 400)', async () => {
    const { token } = await newUser();
    // As many refused requests as the limit allows: were they counted, the next long read would be a 429.
    for (let i = 0; i < LIMITS.PASSAGE_LIMITER.simple.limit; i++) {
      const res = await call('/chapters/KJV:Gen.1/verses.xml?end_chapter=50', token);
      expect(res.status).toBe(400);
      await res.arrayBuffer();
    }
    expect((await call('/chapters/KJV:Gen.1/verses.xml?end_chapter=2', token)).status).toBe(200);
  });
});

describe('publishing: PUBLISH_LIMITER per token', () => {
  it('refuses publications over the limit with 429, writing nothing; private writes and withdrawals still pass', async () => {
    const { id, token } = await newUser();
    const publish = (title: string) =>
      call('/notes.xml', token, {
        method: 'POST',
        headers: XML,
        body: noteXml({ title, references: [GEN_1_1] }).replace(
          '</title>',
          '</title><public>1</public>',
        ),
      });
    let n = 0;
    const refused = await expectRefusedAfter('PUBLISH_LIMITER', () => publish(`p${n++}`));
    expect(parseXml(await refused.text()).errors.error).toMatch(
      /^Rate limit reached for note publications/,
    );
    const stored = await (
      await accountDb(id)
    )
      .prepare('SELECT count(*) AS n FROM notes WHERE user_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(n - 1);
    // A private note and a withdrawal do not publish: not counted, not refused.
    const privateNote = await call('/notes.xml', token, {
      method: 'POST',
      headers: XML,
      body: noteXml({ title: 'private', references: [GEN_1_1] }),
    });
    expect(privateNote.status).toBe(201);
    const first = await (
      await accountDb(id)
    )
      .prepare('SELECT min(id) AS id FROM notes WHERE user_id = ?')
      .bind(id)
      .first<{ id: number }>();
    const withdrawal = await call(`/notes/${first!.id}.xml`, token, {
      method: 'PUT',
      headers: XML,
      body: '<note><public>0</public></note>',
    });
    expect(withdrawal.status).toBe(200);
  });
});

describe("the account's whole data: TRANSFER_LIMITER per token", () => {
  it('refuses exports over the limit, and then imports too, before reading them: nothing is written', async () => {
    const { id, token } = await newUser('transfer');
    const refused = await expectRefusedAfter('TRANSFER_LIMITER', () =>
      call('/user/export.js', token),
    );
    expect(refused.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(((await refused.json()) as any).errors.error[0]).toMatch(
      /^Rate limit reached for exports and imports/,
    );
    // The import counts against the same limit: refused in the format it asked for, its notes
    // never stored.
    const imported = await call('/user/import.xml', token, {
      method: 'POST',
      headers: XML,
      body: `<export><notes>${noteXml({ title: 'imported', content: 'x', references: [GEN_1_1] }).replace(/^<\?xml[^>]*>\n/, '')}</notes></export>`,
    });
    expect(imported.status).toBe(429);
    expect(parseXml(await imported.text()).errors.error).toMatch(
      /^Rate limit reached for exports and imports/,
    );
    const stored = await (
      await accountDb(id)
    )
      .prepare('SELECT count(*) AS n FROM notes WHERE user_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });
});
