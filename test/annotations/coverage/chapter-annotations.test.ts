import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, newUser, parseXml } from '../../support/http';
import { createNote, createTagging, list, read } from '../../support/annotations';
import { accountDb } from '../../support/shards';

// The caller's annotations follow the reader across versions.
describe('GET /chapters/{id}/annotations (annotations across versions)', () => {
  it('shows a note written on KJV and a tagging written on ASV on the ASV chapter, with the verses they cover', async () => {
    const { token } = await newUser();
    const other = await newUser();
    await createNote(token, {
      title: 'loved the world',
      references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.17' }],
    });
    await createTagging(token, {
      name: `light-${Date.now()}`,
      references: [{ start: 'ASV:John.3.19', end: 'ASV:John.3.19' }],
    });
    await createNote(token, {
      title: 'elsewhere',
      references: [{ start: 'KJV:Gen.1.1', end: 'KJV:Gen.1.1' }],
    });
    await createNote(other.token, {
      title: 'not mine',
      references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }],
    });

    for (const format of ['xml', 'js'] as const) {
      const res = await call(`/chapters/ASV:John.3/annotations.${format}`, token);
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      expect(res.headers.get('ETag')).toBeNull();
      const body = (await read(res, format)).annotations;
      expect(body.parent.chapter.id).toBe('ASV:John.3');
      const items = list(body.annotation);
      expect(
        items.map((a: any) => [a.kind, a.written_in, list(a.verses.verse).map(Number)]),
      ).toEqual([
        ['note', 'KJV', [16, 17]],
        ['tagging', 'ASV', [19]],
      ]);
      expect(items[0].note.title).toBe('loved the world');
      expect(items[1].tagging.tag.name).toMatch(/^light-/);
    }
  });

  it.skipIf(!env.TEST_HAS_STUDY)(
    'shows a note on the verse it names in its own version, and on the verses that hold it in others (SBLGNT 3 John 1:15)',
    async () => {
      const { token } = await newUser();
      await createNote(token, {
        title: 'peace',
        references: [{ start: 'SBLGNT:3John.1.15', end: 'SBLGNT:3John.1.15' }],
      });
      const verses = async (chapter: string) => {
        const res = await call(`/chapters/${chapter}/annotations.js`, token);
        expect(res.status, chapter).toBe(200);
        return list((await read(res, 'js')).annotations.annotation).map((a: any) =>
          list(a.verses.verse).map(Number),
        );
      };
      // Its own version: 1:15 alone, though the SBLGNT's 1:14 and 1:15 are both the KJV's 1:14.
      expect(await verses('SBLGNT:3John.1')).toEqual([[15]]);
      // Others: the verse that holds its text.
      expect(await verses('KJV:3John.1')).toEqual([[14]]);
      expect(await verses('TR:3John.1')).toEqual([[14]]);
      // The verse pages alike: the note on SBLGNT 1:15's page, not on 1:14's.
      const page = async (id: string) =>
        (await (await call(`/verses/${id}`, token)).text()).includes('peace');
      expect(await page('SBLGNT:3John.1.15')).toBe(true);
      expect(await page('SBLGNT:3John.1.14')).toBe(false);
      expect(await page('KJV:3John.1.14')).toBe(true);
    },
  );

  it('covers the verses of a chapter that a reference over two chapters reaches', async () => {
    const { token } = await newUser();
    await createNote(token, {
      title: 'across',
      references: [{ start: 'KJV:John.3.35', end: 'KJV:John.4.2' }],
    });
    const four = (await (await call('/chapters/ASV:John.4/annotations.js', token)).json()) as any;
    expect(four.annotations.annotation.map((a: any) => a.verses.verse)).toEqual([[1, 2]]);
    const three = (await (await call('/chapters/KJV:John.3/annotations.js', token)).json()) as any;
    expect(three.annotations.annotation.map((a: any) => a.verses.verse)).toEqual([[35, 36]]);
    const five = (await (await call('/chapters/KJV:John.5/annotations.js', token)).json()) as any;
    expect(five.annotations.annotation).toEqual([]);
  });

  it('is personal: v1 only, never a 304 from the shared cache, and checks the token in D1 every time', async () => {
    const { id, token } = await newUser();
    expect((await call('/v2/chapters/KJV:John.3/annotations.js', token)).status).toBe(404);
    expect(
      (
        await call('/chapters/KJV:John.3/annotations.js', token, {
          headers: { 'If-None-Match': '*' },
        })
      ).status,
    ).toBe(200);
    expect((await call('/chapters/KJV:John.99/annotations.js', token)).status).toBe(404);
    expect((await call('/chapters/KJV:John.3/annotations.js', null)).status).toBe(401);
    await (
      await accountDb(id)
    )
      .prepare('UPDATE users SET token_hash = ? WHERE id = ?')
      .bind(`gone-${id}`, id)
      .run();
    expect((await call('/chapters/KJV:John.3/annotations.js', token)).status).toBe(401);
  });
});

describe('GET /chapters/{id}/annotations: paged, and bounded in bytes', () => {
  it('pages by first verse covered (offset, limit, summary), notes before taggings', async () => {
    const { token } = await newUser();
    await createNote(token, {
      title: 'third',
      references: [{ start: 'KJV:John.3.20', end: 'KJV:John.3.20' }],
    });
    await createNote(token, {
      title: 'first',
      references: [{ start: 'KJV:John.3.2', end: 'KJV:John.3.2' }],
    });
    await createTagging(token, {
      name: `second-${Date.now()}`,
      references: [{ start: 'KJV:John.3.2', end: 'KJV:John.3.3' }],
    });
    const page = async (query: string) =>
      ((await (await call(`/chapters/KJV:John.3/annotations.js${query}`, token)).json()) as any)
        .annotations;
    const one = await page('?limit=2');
    expect(one.annotation.map((a: any) => a.note?.title ?? a.kind)).toEqual(['first', 'tagging']);
    expect(one.summary).toEqual({ start: 1, total: 3, rpp: 2 });
    const two = await page('?offset=2&limit=2');
    expect(two.annotation.map((a: any) => a.note.title)).toEqual(['third']);
    expect(two.summary).toEqual({ start: 3, total: 3, rpp: 2 });
    expect((await call('/chapters/KJV:John.3/annotations.js?limit=x', token)).status).toBe(400);
  });

  it('ends a page before its items pass the page’s byte bound, and says how many it holds', async () => {
    const { token } = await newUser();
    // Ten notes of 10,000 characters that every format writes longer than they are.
    const content = '<&"'.repeat(3333);
    for (let i = 0; i < 10; i++)
      await createNote(
        token,
        {
          title: `long ${i}`,
          content,
          references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }],
        },
        'js',
      );
    for (const path of ['/chapters/KJV:John.3/annotations', '/user/notes']) {
      for (const format of ['xml', 'js'] as const) {
        const res = await call(`${path}.${format}?limit=10`, token);
        const text = await res.text();
        expect(text.length, path).toBeLessThan(1024 * 1024);
        const body = format === 'js' ? JSON.parse(text) : parseXml(text);
        const root = body.annotations ?? body.notes;
        const rpp = Number(root.summary.rpp);
        expect(rpp, path).toBeLessThan(10);
        expect(rpp, path).toBeGreaterThan(0);
        expect(list(root.annotation ?? root.note).length, path).toBe(rpp);
        expect(Number(root.summary.total), path).toBe(10);
        // The next page starts after them.
        const next = (await (await call(`${path}.js?offset=${rpp}&limit=10`, token)).json()) as any;
        expect((next.annotations ?? next.notes).summary.start).toBe(rpp + 1);
      }
    }
  });
});
