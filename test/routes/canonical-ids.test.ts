import { beforeAll, describe, expect, it } from 'vitest';
import { call, HAS_RV1909, newUser } from '../support/http';

/**
 * Ids written with a version's own book names or abbreviations (src/routes/canonical-ids.ts):
 * the API and the pages redirect them to the canonical id, prefix, suffix and query kept.
 */
let token: string;
beforeAll(async () => {
  ({ token } = await newUser('canonical'));
});

/** The redirect a path answers: its status, Location and caching (its body is empty). */
async function moved(path: string) {
  const res = await call(path, token, { redirect: 'manual' });
  return {
    status: res.status,
    location: res.headers.get('Location'),
    cache: res.headers.get('Cache-Control'),
    body: await res.text(),
  };
}

describe('ids with a version’s own book names', () => {
  it.skipIf(!HAS_RV1909)(
    'redirect the RV1909’s Spanish names and abbreviations to the canonical id, API and page',
    async () => {
      expect(await moved('/chapters/RV1909:Juan.3')).toEqual({
        status: 301,
        location: '/chapters/RV1909:John.3',
        cache: 'private, max-age=86400',
        body: '',
      });
      const cases: [string, string][] = [
        ['/chapters/RV1909:Juan.3.js', '/chapters/RV1909:John.3.js'],
        ['/v2/verses/RV1909:Juan.3.16.xml', '/v2/verses/RV1909:John.3.16.xml'],
        ['/books/RV1909:1%20Corintios', '/books/RV1909:1Cor'],
        ['/books/RV1909:1Corintios.xml', '/books/RV1909:1Cor.xml'],
        [
          '/chapters/RV1909:1Co.13/verses.js?start=4&end=7',
          '/chapters/RV1909:1Cor.13/verses.js?start=4&end=7',
        ],
        ['/books/RV1909:G%C3%A9nesis', '/books/RV1909:Gen'],
        ['/books/RV1909:Genesis', '/books/RV1909:Gen'],
        ['/verses/RV1909:Jn.3.16/commentaries', '/verses/RV1909:John.3.16/commentaries'],
        ['/chapters/rv1909:jonás.2/words.js', '/chapters/RV1909:Jonah.2/words.js'],
      ];
      for (const [from, to] of cases) expect((await moved(from)).location, from).toBe(to);
      // The canonical ids answer, API and page (the first redirect above is the page's).
      expect((await call('/chapters/RV1909:John.3.js', token)).status).toBe(200);
      expect((await call('/chapters/RV1909:John.3', token)).status).toBe(200);
    },
  );

  it('redirect the English versions’ names and abbreviations too', async () => {
    expect((await moved('/chapters/KJV:Jn.3.js')).location).toBe('/chapters/KJV:John.3.js');
    expect((await moved('/chapters/KJV:Psalm.23')).location).toBe('/chapters/KJV:Ps.23');
    expect((await moved('/verses/KJV:Genesis.1.1.xml')).location).toBe('/verses/KJV:Gen.1.1.xml');
  });

  it('leave an unknown name, a book the version lacks and a malformed id the 404 they are', async () => {
    const unknown = await call('/chapters/KJV:Foo.3.js', token);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Unknown book: KJV:Foo');
    // Tobit is the WEB's, not the KJV's.
    expect((await call('/books/KJV:Tobit.js', token)).status).toBe(404);
    expect((await call('/chapters/KJV:John.js', token)).status).toBe(404);
    // A version's name is not a book's (`Juan` is no book of the KJV's, which is English).
    if (HAS_RV1909) expect((await call('/books/KJV:Juan.js', token)).status).toBe(404);
  });

  it('ask for the token first, as every request does', async () => {
    const res = await call('/chapters/KJV:Jn.3.js', null, { redirect: 'manual' });
    expect(res.status).toBe(401);
    expect(res.headers.get('Location')).toBeNull();
  });
});
