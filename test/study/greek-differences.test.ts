import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareChapter, spellingAlone } from '../../src/study/greek-differences';
import { call, getJson, getXml, newUser } from '../support/http';

/**
 * The Textus Receptus beside the SBL Greek New Testament, word by word (3 John, which the
 * fixture has in both): the differences computed from the two texts, accents and case aside,
 * with the verses paired through the versification map (the SBLGNT's 1:15 is the end of the
 * KJV's, and so the TR's, 1:14).
 */
let token: string;

const differences = async (id: string) => {
  const { res, body } = await getJson(`/verses/${id}/greek-differences.js`, token);
  return { res, d: body.differences };
};

describe.skipIf(!env.TEST_HAS_STUDY)('TR beside SBLGNT', () => {
  beforeAll(async () => {
    ({ token } = await newUser('greek-differences'));
  });

  it('pairs the verses of a chapter through the versification map and lists what differs', async () => {
    const { res, d } = await differences('TR:3John.1');
    expect(res.status).toBe(200);
    expect(d.chapter.id).toBe('TR:3John.1');
    // 14 TR verses; the SBLGNT's 15 verses pair with them, its 1:14 and 1:15 both with the TR's 1:14.
    expect(d.summary.groups).toBe(14);
    const last = d.group[13];
    expect(last.tr.verse.map((v: any) => v.id)).toEqual(['TR:3John.1.14']);
    expect(last.sblgnt.verse.map((v: any) => v.id)).toEqual([
      'SBLGNT:3John.1.14',
      'SBLGNT:3John.1.15',
    ]);
    // The first verse is the same text in both, accents and case aside: no difference.
    expect(d.group[0].difference).toEqual([]);
    expect(d.summary.differing).toBeGreaterThan(0);
    expect(d.summary.differing).toBeLessThan(14);
    for (const g of d.group)
      for (const x of g.difference) {
        expect(['added', 'omitted', 'changed', 'spelling']).toContain(x.kind);
        expect(!!x.tr).toBe(x.kind !== 'added');
        expect(!!x.sblgnt).toBe(x.kind !== 'omitted');
      }
    expect(d.copyright).toMatch(/CrossWire/);
    expect(d.copyright).toMatch(/MorphGNT/);
  });

  it('gives the words of a difference with their places, compared without accents or case', async () => {
    const chapter = (await differences('TR:3John.1')).d;
    const changed = chapter.group.flatMap((g: any) => g.difference);
    expect(changed.length).toBe(chapter.summary.differences);
    for (const x of changed) {
      const tr = (x.tr?.word ?? []).map((w: any) => w.text);
      const sbl = (x.sblgnt?.word ?? []).map((w: any) => w.text);
      // A difference is never the same words written otherwise.
      const plain = (s: string[]) =>
        s.map((w) => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/’/g, ''));
      expect(plain(tr)).not.toEqual(plain(sbl));
      for (const w of x.tr?.word ?? []) expect(w.verse).toMatch(/^TR:3John\.1\.\d+$/);
      for (const w of x.sblgnt?.word ?? []) expect(w.verse).toMatch(/^SBLGNT:3John\.1\.\d+$/);
    }
  });

  it('answers for a verse of either edition with its group', async () => {
    const fromSbl = (await differences('SBLGNT:3John.1.15')).d;
    expect(fromSbl.group).toHaveLength(1);
    expect(fromSbl.group[0].tr.verse[0].id).toBe('TR:3John.1.14');
    const fromTr = (await differences('TR:3John.1.14')).d;
    expect(fromTr.group).toEqual(fromSbl.group);
    const xml = await getXml('/verses/TR:3John.1.14/greek-differences.xml', token);
    expect(xml.res.status).toBe(200);
    expect(xml.text).toContain('<differences>');
  });

  it('is a 404 that says what it compares for another version, and for an unknown verse', async () => {
    const kjv = await call('/verses/KJV:3John.1.1/greek-differences.js', token);
    expect(kjv.status).toBe(404);
    expect(((await kjv.json()) as any).errors.error[0]).toMatch(/compare TR and SBLGNT/);
    expect((await call('/verses/TR:3John.1.99/greek-differences.js', token)).status).toBe(404);
  });
});

/** A made-up chapter of words: verse → its words as printed. */
const chapter = (n: number, verses: Record<number, string>) => ({
  chapter: n,
  verses: Object.entries(verses).map(([verse, text]) => ({
    verse: Number(verse),
    words: text.split(' ').map((t) => ({ t })),
  })),
});
const kinds = (groups: ReturnType<typeof compareChapter>) =>
  groups.flatMap((g) =>
    g.differences.map(
      (d) =>
        `${d.kind} ${d.tr.map((w) => w.text).join(' ')}|${d.sblgnt.map((w) => w.text).join(' ')}`,
    ),
  );

describe('TR beside SBLGNT: what is a difference (src/study/greek-differences.ts)', () => {
  it('compares letters: a bracket or parenthesis before a verse’s first word is no difference', () => {
    const groups = compareChapter('Luke', 2, chapter(2, { 2: 'αυτη η απογραφη' }), [
      chapter(2, { 2: '(αὕτη ἀπογραφὴ' }),
    ]);
    expect(kinds(groups)).toEqual(['omitted η|']);
  });

  it('marks a movable ν or an elided vowel, word for word, as spelling, not as a change', () => {
    expect(spellingAlone('πασιν', 'πᾶσι')).toBe(true);
    expect(spellingAlone('εστιν', 'ἔστι')).toBe(true);
    expect(spellingAlone('αλλ', 'ἀλλὰ')).toBe(true);
    expect(spellingAlone('δια', 'δι’')).toBe(true);
    expect(spellingAlone('εφ', 'ἐπὶ')).toBe(true);
    // Another form, not another spelling: the person (ἐστάθην, ἐστάθη), the infinitive, the
    // article's number, an unmarked word the SBLGNT does not elide (the Aramaic κουμ).
    expect(spellingAlone('εσταθην', 'ἐστάθη')).toBe(false);
    expect(spellingAlone('υπαγειν', 'ὑπάγει')).toBe(false);
    expect(spellingAlone('ο', 'οἱ')).toBe(false);
    expect(spellingAlone('κουμι', 'κουμ')).toBe(false);
    expect(spellingAlone('εν', 'ἕνα')).toBe(false);
    const groups = compareChapter('Matt', 1, chapter(1, { 1: 'πασιν αλλ ιδου εσταθην' }), [
      chapter(1, { 1: 'πᾶσι ἀλλὰ ἰδοὺ ἐστάθη' }),
    ]);
    expect(kinds(groups)).toEqual(['spelling πασιν αλλ|πᾶσι ἀλλὰ', 'changed εσταθην|ἐστάθη']);
  });

  it('compares the SBLGNT’s Revelation 12:18 with the TR’s 13:1, whose words it holds', () => {
    const tr13 = chapter(13, { 1: 'και εσταθην επι την αμμον και ειδον', 2: 'και' });
    const sbl12 = chapter(12, { 17: 'και', 18: 'καὶ ἐστάθη ἐπὶ τὴν ἄμμον' });
    const sbl13 = chapter(13, { 1: 'Καὶ εἶδον', 2: 'καὶ' });
    const groups = compareChapter('Rev', 13, tr13, [sbl13, sbl12]);
    expect(groups[0]!.tr).toEqual([1]);
    expect(groups[0]!.sblgnt).toEqual([
      { chapter: 12, verse: 18 },
      { chapter: 13, verse: 1 },
    ]);
    // One letter, where two groups of 12:18 and 13:1 alone gave five words added and five omitted.
    expect(kinds(groups)).toEqual(['changed εσταθην|ἐστάθη']);
    const changed = groups[0]!.differences[0]!;
    expect(changed.sblgnt[0]).toMatchObject({ chapter: 12, verse: 18, position: 2 });
    // Chapter 12 no longer lists its verse 18 alone.
    const twelve = compareChapter('Rev', 12, chapter(12, { 17: 'και' }), [sbl12]);
    expect(twelve.map((g) => g.sblgnt)).toEqual([[{ chapter: 12, verse: 17 }]]);
  });
});

describe.skipIf(!env.TEST_HAS_STUDY)('TR beside SBLGNT on the verse page', () => {
  beforeAll(async () => {
    ({ token } = await newUser('greek-differences-page'));
  });

  it('lists the other edition’s differences on a TR and an SBLGNT verse page, and on no other', async () => {
    const api = (await differences('TR:3John.1.7')).d;
    const listed = api.group
      .flatMap((g: any) => g.difference)
      .filter((d: any) => d.kind !== 'spelling');
    expect(listed.length).toBeGreaterThan(0);
    const tr = await (await call('/verses/TR:3John.1.7', token)).text();
    expect(tr).toContain('<h2 id="greek-differences-heading">TR beside SBLGNT</h2>');
    expect(tr).toContain(
      `${listed.length} ${listed.length === 1 ? 'difference' : 'differences'} from the SBLGNT`,
    );
    expect(tr).toContain('href="/verses/TR:3John.1.7/greek-differences.js"');
    expect(tr.match(/<li data-kind="(added|omitted|changed)">/g)).toHaveLength(listed.length);
    // The edition is named before a word only beside the other's: an omission's kind says whose.
    const items = [...tr.matchAll(/<li data-kind="(added|omitted|changed)">(.*?)<\/li>/gs)];
    for (const [, kind, item] of items) {
      const named = (item.match(/>(TR|SBLGNT) /g) ?? []).length;
      expect(named, item).toBe(kind === 'changed' ? 2 : 0);
    }
    // A difference of spelling alone (the TR's elided υπ, the SBLGNT's ὑπὸ in 1:12) is folded away
    // under a summary of its own, outside the count.
    const spelt = (await differences('TR:3John.1.12')).d.group.flatMap((g: any) => g.difference);
    const spelling = spelt.filter((d: any) => d.kind === 'spelling');
    expect(spelling.length).toBeGreaterThan(0);
    const page = await (await call('/verses/TR:3John.1.12', token)).text();
    expect(page).toContain(`${spelt.length - spelling.length} difference`);
    const folded = /<details class="spelling"><summary>(.*?)<\/summary>(.*?)<\/details>/s.exec(
      page,
    );
    expect(folded![1]).toContain(`and ${spelling.length} in spelling alone`);
    expect(folded![2].match(/<li data-kind="spelling">/g)).toHaveLength(spelling.length);
    expect(page.split('<details')[0]).not.toContain('data-kind="spelling"');
    const sbl = await (await call('/verses/SBLGNT:3John.1.1', token)).text();
    expect(sbl).toContain('No difference from the TR, accents and case aside');
    const kjv = await (await call('/verses/KJV:3John.1.7', token)).text();
    expect(kjv).not.toContain('greek-differences');
  });
});
