import { describe, expect, it } from 'vitest';
import { LIST_PAGE, TEXT_LIST_PAGE } from '../../src/http/paging';
import { call, newUser } from '../support/http';
import {
  createNote,
  createTagging,
  errors,
  FORMATS,
  list,
  read,
  send,
  type Format,
} from '../support/annotations';

/** Every personal list is paged (src/http/paging.ts; docs/annotations.md "Paging"). */

const verse = (n: number) => ({ start: `KJV:Ps.119.${n}`, end: `KJV:Ps.119.${n}` });

async function page(
  path: string,
  token: string,
  format: Format,
): Promise<{ items: any[]; summary: any; root: any }> {
  const res = await call(path, token);
  expect(res.status).toBe(200);
  const body = await read(res, format);
  const root = body[Object.keys(body).find((k) => !k.startsWith('?'))!];
  const item = Object.keys(root).find((k) => k !== 'summary' && k !== 'meta')!;
  return { items: list(root[item]), summary: root.summary, root };
}

const numbers = (s: any) => ({
  start: Number(s.start),
  total: Number(s.total),
  rpp: Number(s.rpp),
});

describe('paged lists', () => {
  for (const format of FORMATS) {
    it(`pages /user/notes, /user/taggings, /user/taggings/{name}, /user/tags and a tag's references with offset and limit (${format})`, async () => {
      const { token } = await newUser();
      for (let i = 1; i <= 7; i++)
        await createNote(token, { title: `note ${i}`, references: [verse(i), verse(i + 10)] });
      for (let i = 1; i <= 7; i++)
        await createTagging(token, {
          name: i <= 5 ? 'five' : `other ${i}`,
          references: [verse(i)],
        });

      const first = await page(`/user/notes.${format}?limit=3`, token, format);
      expect(first.items.map((n) => n.title)).toEqual(['note 1', 'note 2', 'note 3']);
      expect(numbers(first.summary)).toEqual({ start: 1, total: 7, rpp: 3 });
      // Each note on a page keeps all of its own references.
      expect(first.items.map((n) => list(n.references.reference).map((r: any) => r.start))).toEqual(
        [
          ['KJV:Ps.119.1', 'KJV:Ps.119.11'],
          ['KJV:Ps.119.2', 'KJV:Ps.119.12'],
          ['KJV:Ps.119.3', 'KJV:Ps.119.13'],
        ],
      );
      const last = await page(`/user/notes.${format}?offset=6&limit=3`, token, format);
      expect(last.items.map((n) => n.title)).toEqual(['note 7']);
      expect(numbers(last.summary)).toEqual({ start: 7, total: 7, rpp: 3 });
      const beyond = await page(`/user/notes.${format}?offset=20`, token, format);
      expect(beyond.items).toEqual([]);
      expect(numbers(beyond.summary)).toEqual({ start: 21, total: 7, rpp: LIST_PAGE.fallback });

      const taggings = await page(`/user/taggings.${format}?offset=2&limit=2`, token, format);
      expect(taggings.items.map((t) => list(t.references.reference)[0].start)).toEqual([
        'KJV:Ps.119.3',
        'KJV:Ps.119.4',
      ]);
      expect(numbers(taggings.summary)).toEqual({ start: 3, total: 7, rpp: 2 });
      const byName = await page(`/user/taggings/five.${format}?offset=4`, token, format);
      expect(byName.items.map((t) => list(t.references.reference)[0].start)).toEqual([
        'KJV:Ps.119.5',
      ]);
      expect(numbers(byName.summary)).toEqual({ start: 5, total: 5, rpp: LIST_PAGE.fallback });

      const tags = await page(`/user/tags.${format}?limit=2`, token, format);
      expect(tags.items.map((t) => t.name)).toEqual(['five', 'other 6']);
      expect(numbers(tags.summary)).toEqual({ start: 1, total: 3, rpp: 2 });

      const tag = await page(`/tags/five.${format}?offset=1&limit=2`, token, format);
      expect(list(tag.items[0].references.reference).map((r: any) => r.start)).toEqual([
        'KJV:Ps.119.2',
        'KJV:Ps.119.3',
      ]);
      expect(numbers(tag.summary)).toEqual({ start: 2, total: 5, rpp: 2 });
    });
  }

  it(`clamps limit to ${LIST_PAGE.max} (${TEXT_LIST_PAGE.max} for the lists that carry a reader's text), and answers 400 in the requested format for a bad offset or limit`, async () => {
    const { token } = await newUser();
    expect(Number((await page('/user/taggings.js?limit=100000', token, 'js')).summary.rpp)).toBe(
      LIST_PAGE.max,
    );
    expect(Number((await page('/user/notes.js?limit=100000', token, 'js')).summary.rpp)).toBe(
      TEXT_LIST_PAGE.max,
    );
    expect(
      Number(
        (await page('/chapters/KJV:John.3/annotations.js?limit=100000', token, 'js')).summary.rpp,
      ),
    ).toBe(TEXT_LIST_PAGE.max);
    expect(TEXT_LIST_PAGE.max).toBe(200);
    for (const query of ['offset=-1', 'offset=x', 'limit=0', 'limit=1.5']) {
      for (const path of ['/user/notes', '/user/taggings', '/user/tags', '/tags']) {
        const res = await call(`${path}.js?${query}`, token);
        expect(res.status).toBe(400);
        expect((await errors(res, 'js'))[0]).toMatch(/offset|limit/);
      }
    }
  });

  it('pages the site-wide tag list, and one account cannot fill it for others (150 new names by import)', async () => {
    const reader = await newUser();
    const before = await page('/tags.js?limit=1', reader.token, 'js');
    const flood = await newUser();
    const doc = {
      export: {
        taggings: {
          tagging: Array.from({ length: 150 }, (_, i) => ({
            tag: { name: `flood ${flood.id} ${i}` },
            references: [verse(1)],
          })),
        },
      },
    };
    expect(
      (await send('POST', '/user/import.js', flood.token, JSON.stringify(doc), 'js')).status,
    ).toBe(200);
    const after = await page('/tags.js?limit=1', reader.token, 'js');
    expect(Number(after.summary.total)).toBe(Number(before.summary.total));
    // The flooding account sees its own names.
    const own = await page('/tags.js?limit=500', flood.token, 'js');
    expect(own.items.filter((t) => String(t.name).startsWith(`flood ${flood.id} `)).length).toBe(
      150,
    );
  });

  it("pages the reading site's notes page with links to the next and previous pages", async () => {
    const { token } = await newUser();
    for (let i = 1; i <= 3; i++)
      await createNote(token, { title: `page note ${i}`, references: [verse(i)] });
    const html = await (await call('/user/notes?offset=1&limit=1', token)).text();
    expect(html).toContain('page note 2');
    expect(html).not.toContain('page note 1');
    expect(html).toContain('href="/user/notes?offset=2&amp;limit=1"');
    expect(html).toContain('href="/user/notes?offset=0&amp;limit=1"');
  });
});
