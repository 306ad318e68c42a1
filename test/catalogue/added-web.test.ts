/**
 * The World English Bible's USFM (Debian bibledit-cloud-data, demo/) added by `npm run
 * version:add` as a deployer runs it (scripts/fixture.ts FIXTURE_VERSIONS, as WEBU; Psalms, John
 * and Tobit in the fixture), served by the worker: a Psalm's title, the words of Jesus, a
 * footnote at its word, the deuterocanon after the New Testament as data/canon.json orders it.
 * Skipped without the package; CI installs it and requires WEBU (REQUIRE_VERSIONS).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, HAS_WEBU, newUser } from '../support/http';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

const verse = async (id: string) => {
  const { res, body } = await getJson(`/verses/${id}.js`, token);
  expect(res.status, id).toBe(200);
  return body.verses.verse[0];
};

describe.skipIf(!HAS_WEBU)('the WEB added from its USFM (WEBU)', () => {
  it('is listed with what version:add wrote, its books in the canon order', async () => {
    const version = (await getJson('/versions/WEBU.js', token)).body.versions.version[0];
    expect(version).toMatchObject({ id: 'WEBU', lang: 'eng', name: 'World English Bible (USFM)' });
    const books = (await getJson('/versions/WEBU/books.js', token)).body.books.book;
    const ids = books.map((b: { id: string }) => b.id);
    expect(ids).toHaveLength(81);
    expect(ids.indexOf('WEBU:Tob')).toBe(ids.indexOf('WEBU:Rev') + 1);
  });

  it("serves a Psalm's title, the words of Jesus and the deuterocanon", async () => {
    expect((await verse('WEBU:Ps.3.1')).text).toMatch(
      /<span class="title">A Psalm by David, when he fled from Absalom his son\.<\/span>/,
    );
    const john = (await verse('WEBU:John.3.16')).text;
    expect(john).toMatch(
      /<span class="wj">For God so loved the world, that he gave his one and only Son,/,
    );
    expect((await verse('WEBU:Tob.1.1')).text).toContain('The book of the words of Tobit');
  });

  it('gives its footnotes at their words', async () => {
    const { res, body } = await getJson('/chapters/WEBU:John.3/footnotes.js', token);
    expect(res.status).toBe(200);
    expect(body.footnotes.summary.in_version).toBe(2523);
    const v3 = body.footnotes.verse.find((v: { id: string }) => v.id === 'WEBU:John.3.3');
    expect(v3.note[0]).toMatchObject({ anchor: 'anew' });
  });
});
