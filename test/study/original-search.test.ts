import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getJson, newUser } from '../support/http';

/**
 * The original texts as versions: in the catalogue with their languages, chapters
 * and verses like any version, the Hebrew in its own numbering mapped to the KJV's, and keyword
 * search in them blind to vowel points, cantillation and accents.
 */
let token: string;

describe.skipIf(!env.TEST_HAS_STUDY)(
  'the Hebrew Bible and the Greek New Testament as versions',
  () => {
    beforeAll(async () => {
      ({ token } = await newUser('originals'));
    });

    it('lists WLC (hbo, Old Testament only) and TR (grc, New Testament only) with their copyright', async () => {
      const versions = (await getJson('/versions.js', token)).body.versions.version;
      const wlc = versions.find((v: any) => v.id === 'WLC');
      const tr = versions.find((v: any) => v.id === 'TR');
      expect(wlc).toMatchObject({ lang: 'hbo' });
      expect(tr).toMatchObject({ lang: 'grc' });
      expect(wlc.copyright).toMatch(/CC BY 4\.0/);
      expect(tr.copyright).toMatch(/CrossWire/);
      const wlcBooks = (await getJson('/versions/WLC/books.js', token)).body.books.book;
      expect(wlcBooks).toHaveLength(39);
      expect(wlcBooks.every((b: any) => b.testament === 'OT')).toBe(true);
      expect((await getJson('/versions/TR/books.js', token)).body.books.book).toHaveLength(27);
    });

    it('keeps the Hebrew numbering: Malachi has three chapters, its 3:19 is the KJV’s 4:1', async () => {
      expect((await getJson('/verses/WLC:Mal.3.19.js', token)).res.status).toBe(200);
      expect((await getJson('/chapters/WLC:Mal.4.js', token)).res.status).toBe(404);
      // Jonah 1:17 of the KJV is the Hebrew's 2:1: the Hebrew chapter 1 has 16 verses.
      const jonah1 = (await getJson('/chapters/WLC:Jonah.1/verses.js', token)).body.verses.verse;
      expect(jonah1).toHaveLength(16);
    });

    it('finds Hebrew words whatever their vowel points and cantillation, and Greek whatever its accents', async () => {
      // Consonants only, as a reader types them; the text has יְהוָ֔ה with points and an accent.
      const hebrew = (
        await getJson(
          `/verses.js?keyword=${encodeURIComponent('יהוה')}&version=WLC&limit=100`,
          token,
        )
      ).body.search.result;
      expect(hebrew.verses.verse.map((v: any) => v.id)).toContain('WLC:Jonah.1.1');
      const pointed = (
        await getJson(
          `/verses.js?keyword=${encodeURIComponent('יְהוָה')}&version=WLC&limit=100`,
          token,
        )
      ).body.search.result;
      expect(pointed.summary.total).toBe(hebrew.summary.total);
      const greek = (
        await getJson(`/verses.js?keyword=${encodeURIComponent('ἀγαπῶ')}&version=TR`, token)
      ).body.search.result;
      expect(greek.verses.verse.map((v: any) => v.id)).toContain('TR:3John.1.1');
    });

    it('sets the Hebrew right to left on its pages, and nothing else', async () => {
      const hebrew = await (await call('/chapters/WLC:Jonah.1', token)).text();
      expect(hebrew).toMatch(/<div class="scripture"[^>]* dir="rtl"/);
      const verse = await (await call('/verses/WLC:Jonah.1.1', token)).text();
      expect(verse).toMatch(/<div class="scripture"[^>]* dir="rtl"/);
      const greek = await (await call('/chapters/TR:3John.1', token)).text();
      expect(greek).not.toContain('dir="rtl"');
    });
  },
);
