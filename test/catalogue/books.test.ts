import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, getXml, HAS_WEB, LAST_VERSION, newUser } from '../support/http';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

describe('GET /versions/{v}/books', () => {
  it('lists the 66 KJV books with every spec field', async () => {
    const { body, text } = await getXml('/versions/KJV/books.xml', token);
    const books = body.books.book;
    expect(books).toHaveLength(66);
    expect(books[0]).toMatchObject({
      '@id': 'KJV:Gen',
      id: 'KJV:Gen',
      version_id: '1',
      name: 'Genesis',
      abbr: 'Gen',
      ord: '1',
      book_group_id: '1',
      testament: 'OT',
      osis_end: 'KJV:Gen.50.26',
    });
    expect(books[0].parent.version).toMatchObject({
      '@id': 'KJV',
      path: '/versions/KJV',
      name: 'King James Version',
      id: 'KJV',
    });
    expect(books[0].previous).toBeUndefined();
    expect(books[0].next.book).toMatchObject({
      '@id': 'KJV:Exod',
      path: '/books/KJV:Exod',
      name: 'Exodus',
      id: 'KJV:Exod',
    });
    expect(books[42]).toMatchObject({
      id: 'KJV:John',
      ord: '43',
      book_group_id: '6',
      testament: 'NT',
      osis_end: 'KJV:John.21.25',
    });
    expect(text).toMatch(/<book id="KJV:Gen"><id>KJV:Gen<\/id><version_id>1<\/version_id>/);
    expect(text).toMatch(/<copyright><!\[CDATA\[/);
  });

  it('filters by testament, and refuses an unknown testament with 400', async () => {
    expect(
      (await getJson('/versions/KJV/books.js?testament=NT', token)).body.books.book,
    ).toHaveLength(27);
    expect(
      (await getJson('/versions/KJV/books.js?testament=ot', token)).body.books.book,
    ).toHaveLength(39);
    expect((await getJson('/versions/KJV/books.js?testament=DEUT', token)).body.books.book).toEqual(
      [],
    );
    const bad = await getXml('/versions/KJV/books.xml?testament=XX', token);
    expect(bad.res.status).toBe(400);
    expect(bad.body.errors.error).toMatch(/OT, NT or DEUT/);
  });

  it.skipIf(!HAS_WEB)('filters the deuterocanon of the WEB', async () => {
    const deut = (await getJson('/versions/WEB/books.js?testament=DEUT', token)).body.books.book;
    expect(deut.length).toBeGreaterThanOrEqual(14);
    expect(deut.map((b: any) => b.id)).toContain('WEB:Tob');
    expect(deut.every((b: any) => b.testament === 'DEUT' && b.book_group_id === 9)).toBe(true);
  });

  it.skipIf(!HAS_WEB)(
    "numbers books in the version's own order (WEB puts the deuterocanon before Matthew)",
    async () => {
      const web = (await getJson('/versions/WEB/books.js', token)).body.books.book;
      const matt = web.find((b: any) => b.id === 'WEB:Matt');
      expect(matt.ord).toBeGreaterThan(40);
      expect(web.map((b: any) => b.ord)).toEqual(web.map((_: any, i: number) => i + 1));
    },
  );
});

describe('GET /books/{v}:{book}', () => {
  it('shows one book as a one-element collection, ids case-insensitive', async () => {
    const { body } = await getJson('/books/kjv:GEN.js', token);
    expect(body.books.book).toHaveLength(1);
    expect(body.books.book[0].id).toBe('KJV:Gen');
  });

  it('rolls over from the last book of a version to the first book of the next, and back', async () => {
    const rev = (await getJson('/books/KJV:Rev.js', token)).body.books.book[0];
    expect(rev.next.book).toEqual({ path: '/books/ASV:Gen', name: 'Genesis', id: 'ASV:Gen' });
    const gen = (await getJson('/books/ASV:Gen.js', token)).body.books.book[0];
    expect(gen.previous.book).toEqual({
      path: '/books/KJV:Rev',
      name: 'Revelation',
      id: 'KJV:Rev',
    });
    // The last version's last book (the LSG's is John) has no next.
    const books = (await getJson(`/versions/${LAST_VERSION}/books.js`, token)).body.books.book;
    const last = (await getJson(`/books/${books.at(-1).id}.js`, token)).body.books.book[0];
    expect(last.next).toBeUndefined();
  });

  it.each([
    '/books/KJV:Nope.xml',
    '/books/NOPE:Gen.xml',
    '/books/KJV.xml',
    '/books/KJV:Gen.1.xml',
    '/books/%00.xml',
  ])('404s %s', async (path) => {
    const { res, body } = await getXml(path, token);
    expect(res.status).toBe(404);
    expect(body.errors.error).toBeTruthy();
  });

  it('lists chapters without text', async () => {
    const { body } = await getXml('/books/KJV:John/chapters.xml', token);
    const chapters = body.chapters.chapter;
    expect(chapters).toHaveLength(21);
    expect(chapters[2]).toMatchObject({
      '@id': 'KJV:John.3',
      id: 'KJV:John.3',
      chapter: '3',
      osis_end: 'KJV:John.3.36',
    });
    expect(chapters[2].text).toBeUndefined();
    expect(chapters[2].parent.book).toMatchObject({
      id: 'KJV:John',
      path: '/books/KJV:John',
      name: 'John',
    });
    expect(chapters[0].previous.chapter).toMatchObject({
      id: 'KJV:Luke.24',
      path: '/chapters/KJV:Luke.24',
      name: 'Luke 24',
    });
    expect(chapters[20].next.chapter).toMatchObject({ id: 'KJV:Acts.1' });
  });
});
