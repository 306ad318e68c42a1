import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCanon } from '../../scripts/snapshot/canon';
import { loadPsalmTitles } from '../../scripts/snapshot/validate';
import { readKjv, type KjvReading } from '../../scripts/snapshot/study/kjv-tagged';
import { originalNumbers } from '../../scripts/snapshot/study/producer';
import { oshbStrongs, readOshb } from '../../scripts/snapshot/study/oshb';
import { studySourcesDir, studySourcesInstalled } from '../../scripts/snapshot/study/sources';
import { taggedText, verseText } from '../../scripts/snapshot/study/tagged';
import { chapterDifferences, countDifferences, greekTexts } from '../../scripts/greek-differences';
import { importTagged } from '../../scripts/snapshot/importers/tagged';
import { renderHeadings } from '../../scripts/snapshot/markup';
import {
  readTextusReceptusChecked,
  type TextusReceptusCheck,
} from '../../scripts/snapshot/study/textus-receptus';
import type { TaggedVerse } from '../../scripts/snapshot/study/types';
import {
  kjvSources,
  mappingCases,
  readVerseMap,
  toKjvNumbering,
  type VerseMap,
} from '../../scripts/snapshot/study/verse-map';

// The tagged-text readers (scripts/snapshot/study) over the Debian package
// bibledit-cloud-data. Without the package the suite is skipped (CI installs it). Each source is
// read once for the whole file; the facts asserted were read off the source files themselves.

const id = (v: TaggedVerse) => `${v.book}.${v.chapter}.${v.verse}`;
const find = (verses: TaggedVerse[], ref: string): TaggedVerse => {
  const v = verses.find((x) => id(x) === ref);
  if (!v) throw new Error(`no verse ${ref}`);
  return v;
};
const count = (verses: TaggedVerse[]) => verses.reduce((n, v) => n + v.words.length, 0);
/** A Hebrew word's consonants (vowel points and accents removed), to compare without their order. */
const letters = (hebrew: string) => hebrew.replace(/[\u0591-\u05C7]/g, '');

describe.skipIf(!studySourcesInstalled() && !process.env.CI)(
  'study sources (bibledit-cloud-data)',
  () => {
    let kjv: KjvReading;
    let tr: { verses: TaggedVerse[]; check: TextusReceptusCheck };
    let oshb: TaggedVerse[];
    let map: VerseMap;
    let renumbered: TaggedVerse[];

    beforeAll(() => {
      kjv = readKjv();
      // The New Testament of the KJV just read (not a second parse of kjv.xml).
      tr = readTextusReceptusChecked(undefined, kjv);
      oshb = readOshb();
      map = readVerseMap();
      renumbered = toKjvNumbering(oshb, map);
    });

    describe('KJV (kjv.xml)', () => {
      it('has every verse of the KJV, in the canon order, with OSIS book ids', () => {
        expect(kjv.verses).toHaveLength(31_102);
        const books = [...new Set(kjv.verses.map((v) => v.book))];
        expect(books).toEqual(
          loadCanon()
            .books.slice(0, 66)
            .map((b) => b.osis),
        );
        expect(id(kjv.verses[0]!)).toBe('Gen.1.1');
        expect(id(kjv.verses.at(-1)!)).toBe('Rev.22.21');
        expect(kjv.verses.every((v) => v.words.length > 0)).toBe(true);
      });

      it('reads Gen 1:1 phrase by phrase with normalized numbers', () => {
        const words = find(kjv.verses, 'Gen.1.1').words;
        expect(words.map((w) => w.text)).toEqual([
          'In the beginning',
          'God',
          'created',
          'the heaven',
          'and',
          'the earth',
        ]);
        expect(words.map((w) => w.strongs)).toEqual([
          ['H7225'],
          ['H430'],
          ['H853', 'H1254'],
          ['H8064'],
          ['H853'],
          ['H776'],
        ]);
        expect(words[2]!.morph).toEqual([{ scheme: 'strongMorph', code: 'TH8804' }]);
        expect(words.at(-1)!.after).toBe('.');
        expect(verseText(find(kjv.verses, 'Gen.1.1'))).toBe(
          'In the beginning God created the heaven and the earth.',
        );
      });

      it('keeps supplied words as words of their own, marked added', () => {
        const words = find(kjv.verses, 'Gen.1.2').words;
        const i = words.findIndex((w) => w.text === 'and darkness');
        expect(words[i + 1]).toMatchObject({ text: 'was', strongs: [], added: true });
        expect(words[i + 2]!.text).toBe('upon the face');
        // A tagged word inside a supplied phrase keeps its number and is supplied too.
        expect(
          find(kjv.verses, 'Gen.14.10').words.find((w) => w.text === 'was full of'),
        ).toMatchObject({ strongs: ['H875'], added: true });
      });

      it('writes a divine name in capitals, drops the other markup inside a word, skips headings and notes', () => {
        expect(find(kjv.verses, 'Ps.23.1').words.find((w) => !w.title)).toMatchObject({
          text: 'The LORD',
          strongs: ['H3068'],
          divineName: true,
        });
        expect(verseText(find(kjv.verses, 'Gen.2.4'))).toContain('the LORD God made');
        expect(verseText(find(kjv.verses, 'Gen.15.2'))).toContain('Lord GOD');
        // Every <w> that holds a <divineName> in the source, none other.
        const divine = kjv.verses.flatMap((v) => v.words.filter((w) => w.divineName));
        expect(divine).toHaveLength(6_878);
        expect(divine.filter((w) => !/\b(LORD|GOD|JEHOVAH|JAH)\b/.test(w.text))).toEqual([]);
        // The acrostic heading stands inside verse 1, untagged: not verse text.
        expect(find(kjv.verses, 'Ps.119.1').words[0]!.text).toBe('Blessed');
        expect(verseText(find(kjv.verses, 'Gen.1.4'))).not.toContain('Heb.');
        const odd = kjv.verses.flatMap((v) =>
          v.words
            .filter((w) => /[<>]/.test(w.text) || /[\p{L}\p{N}<>]/u.test(w.after ?? ''))
            .map((w) => `${id(v)} ${w.text}`),
        );
        expect(odd).toEqual([]);
      });

      it("opens verse 1 of exactly the KJV's titled Psalms with the title's words, marked title", () => {
        const titled = kjv.verses.filter((v) => v.words.some((w) => w.title));
        expect(titled.map(id)).toEqual(loadPsalmTitles()('KJV').titled.map((n) => `Ps.${n}.1`));
        for (const v of titled) {
          const k = v.words.findIndex((w) => !w.title);
          expect(
            v.words.slice(k).some((w) => w.title),
            id(v),
          ).toBe(false);
          expect(v.words[k - 1]!.after, id(v)).toMatch(/ $/);
        }
        const words = titled.flatMap((v) => v.words.filter((w) => w.title));
        expect(words).toHaveLength(466);
        expect(words.filter((w) => w.strongs.length)).toHaveLength(424);
        // Psalm 3's title names Absalom, and the verse begins after it.
        const ps3 = find(kjv.verses, 'Ps.3.1').words;
        expect(ps3.find((w) => w.text === 'Absalom')).toMatchObject({
          strongs: ['H53'],
          title: true,
        });
        expect(ps3.find((w) => !w.title)!.strongs).toEqual(['H3068']);
        // With the titles, the KJV's figures are the tagged source's (every `<w>`) and Strong's.
        const tagged = (n: string) =>
          kjv.verses.reduce((k, v) => k + v.words.filter((w) => w.strongs.includes(n)).length, 0);
        expect([tagged('H3068'), tagged('H430')]).toEqual([6_519, 2_606]);
      });

      it('reads the New Testament words with their TR word, Robinson code and position', () => {
        const words = find(kjv.verses, 'John.3.16').words;
        expect(words.find((w) => w.text === 'loved')).toEqual({
          text: 'loved',
          strongs: ['G25'],
          lemma: ['ηγαπησεν'],
          morph: [{ scheme: 'robinson', code: 'V-AAI-3S' }],
          src: [3],
          after: ' ',
        });
        expect(words.find((w) => w.text === 'God')).toMatchObject({
          strongs: ['G3588', 'G2316'],
          lemma: ['ο', 'θεος'],
          src: [4, 5],
        });
        // Greek words the KJV does not render are empty words, still tagged.
        expect(words.filter((w) => w.text === '' && w.strongs.length === 1).length).toBeGreaterThan(
          0,
        );
      });

      it('reads the slips of the source as they are meant', () => {
        expect(verseText(find(kjv.verses, '2Sam.19.24'))).toContain('nor trimmed his beard');
        expect(kjv.verses.some((v) => verseText(v).includes('filter_string'))).toBe(false);
        // The article is G3588 wherever the Robinson code says article (29 words wrote G3688 and others).
        const articles = kjv.verses.flatMap((v) =>
          v.words.flatMap((w) =>
            (w.morph ?? []).flatMap((m, k) => (m.code.startsWith('T-') ? [w.strongs[k]] : [])),
          ),
        );
        expect(articles.length).toBeGreaterThan(10_000);
        expect(articles.filter((n) => n !== 'G3588')).toEqual([]);
        expect(kjv.fixes.filter((f) => f.includes('→ G3588'))).toHaveLength(29);
        expect(
          find(kjv.verses, 'Acts.20.37').words.find((w) => w.text === 'wept sore')!.morph,
        ).toEqual([
          { scheme: 'robinson', code: 'V-2ADI-3S' },
          { scheme: 'robinson', code: 'N-NSM' },
        ]);
      });

      it('marks a word whose original word an earlier one renders, so that each counts once', () => {
        // Mal 2:6 "and did turn … away" is one Hebrew word (שׁוב, x-split): the second phrase repeats it.
        const turn = find(kjv.verses, 'Mal.2.6').words.filter((w) => w.strongs.includes('H7725'));
        expect(turn.map((w) => [w.text, w.repeats])).toEqual([
          ['and did turn', undefined],
          ['away', [0]],
        ]);
        // John 10:17 "doth … love": both name αγαπα, position 6.
        const love = find(kjv.verses, 'John.10.17').words.filter((w) => w.strongs.includes('G25'));
        expect(love.map((w) => [w.src, w.repeats])).toEqual([
          [[6], undefined],
          [[6], [0]],
        ]);
        const phrases = new Map<string, number>();
        const originals = new Map<string, number>();
        const nt = new Map<string, number>();
        kjv.verses.forEach((v, i) => {
          const ntVerse = i >= kjv.verses.length - tr.verses.length;
          for (const w of v.words) {
            for (const n of new Set(w.strongs)) phrases.set(n, (phrases.get(n) ?? 0) + 1);
            for (const n of originalNumbers(w)) {
              originals.set(n, (originals.get(n) ?? 0) + 1);
              if (ntVerse) nt.set(n, (nt.get(n) ?? 0) + 1);
            }
          }
        });
        // θεός: 1,362 English phrases render 1,343 Greek words; the Hebrew counts are Strong's.
        expect([phrases.get('G2316'), originals.get('G2316')]).toEqual([1_362, 1_343]);
        expect([originals.get('H3068'), originals.get('H430')]).toEqual([6_519, 2_606]);
        // "by sevens" (H7651 H7651) renders two Hebrew words: a phrase may count a number twice.
        expect(originals.get('H7651')).toBeGreaterThan(phrases.get('H7651')!);
        // The New Testament's counts are the Textus Receptus's words, number by number, but one:
        // Matt 23:14's "Pharisees" points at position 6, which the TR gives to "hypocrites" (G5273),
        // and φαρισαιοι (position 5) goes missing from the TR.
        const greek = new Map<string, number>();
        for (const v of tr.verses)
          for (const w of v.words) greek.set(w.strongs[0]!, (greek.get(w.strongs[0]!) ?? 0) + 1);
        const differ = [...new Set([...nt.keys(), ...greek.keys()])].filter(
          (n) => nt.get(n) !== greek.get(n),
        );
        expect(differ.map((n) => [n, nt.get(n), greek.get(n)])).toEqual([['G5330', 100, 99]]);
        expect(greek.get('G2316')).toBe(1_343);
      });

      it('writes every number normalized', () => {
        const numbers = kjv.verses.flatMap((v) => v.words.flatMap((w) => w.strongs));
        expect(numbers.filter((n) => !/^[HG][1-9]\d*$/.test(n))).toEqual([]);
      });
    });

    describe('Textus Receptus (from kjv.xml)', () => {
      it('has one verse per New Testament verse, the Greek words in their order', () => {
        expect(tr.verses).toHaveLength(7_957);
        expect(tr.verses[0]!.book).toBe('Matt');
        const john = find(tr.verses, 'John.3.16');
        expect(verseText(john).startsWith('ουτως γαρ ηγαπησεν ο θεος τον κοσμον')).toBe(true);
        expect(john.words[2]).toEqual({
          text: 'ηγαπησεν',
          strongs: ['G25'],
          morph: [{ scheme: 'robinson', code: 'V-AAI-3S' }],
          after: ' ',
        });
        expect(john.words.at(-1)!.after).toBeUndefined();
      });

      it('gives every Greek word one number and one code, lower case without accents', () => {
        const odd = tr.verses.flatMap((v) =>
          v.words.filter(
            (w) => w.strongs.length !== 1 || w.morph?.length !== 1 || !/^[α-ω]+$/.test(w.text),
          ),
        );
        expect(odd).toEqual([]);
        expect(tr.check.countMismatches).toEqual([]);
      });

      it('reads a Greek word rendered by two English phrases once', () => {
        // Matt 1:19: "to put" and "away" both render απολυσαι (src 15, x-split).
        expect(
          find(tr.verses, 'Matt.1.19').words.filter((w) => w.text === 'απολυσαι'),
        ).toHaveLength(1);
      });

      it("puts the Greek in the TR's verse where the KJV's verse division differs", () => {
        // kjv.xml Rom 1:3 renders "Jesus Christ our Lord" from the next verse (src="13n" …).
        expect(
          verseText(find(tr.verses, 'Rom.1.4')).endsWith('ιησου χριστου του κυριου ημων'),
        ).toBe(true);
        expect(find(tr.verses, 'Rom.1.3').words.map((w) => w.text)).not.toContain('ιησου');
        expect(
          find(kjv.verses, 'Rom.1.3').words.find((w) => w.text === 'Jesus')!.src,
        ).toBeUndefined();
      });

      it('keeps the usual reading where two words name one position differently', () => {
        expect(tr.check.conflicts).toHaveLength(1);
        expect(
          find(tr.verses, 'Matt.23.14').words.find((w) => w.text === 'υποκριται')!.strongs,
        ).toEqual(['G5273']);
        expect(tr.check.gaps.map((g) => g.verse)).toContain('Matt.23.14');
      });
    });

    describe('TR beside SBLGNT over the New Testament (scripts/greek-differences.ts)', () => {
      let read: ReturnType<typeof greekTexts> | undefined;
      const texts = () => (read ??= greekTexts(tr.verses, taggedText('sblgnt')!));
      /** A chapter's differences on the TR's verse `verse`: kind, TR words, SBLGNT words. */
      const on = (osis: string, chapter: number, verse: number) =>
        chapterDifferences(texts(), osis, chapter)
          .filter((g) => g.tr.includes(verse))
          .flatMap((g) => g.differences)
          .map((d) => [
            d.kind,
            d.tr.map((w) => w.text).join(' '),
            d.sblgnt.map((w) => w.text).join(' '),
          ]);

      it('gives the differences of verses where the editions are known to part', () => {
        // 3 John 7: the TR's "of the Gentiles" (εθνων) against the SBLGNT's "the pagans"
        // (ἐθνικῶν), and "his name" against "the name"; John 1:18: "the only begotten Son" against
        // "the only begotten God".
        expect(on('3John', 1, 7)).toEqual([
          ['omitted', 'αυτου', ''],
          ['changed', 'εθνων', 'ἐθνικῶν'],
        ]);
        expect(on('John', 1, 18)).toEqual([
          ['omitted', 'ο', ''],
          ['changed', 'υιος', 'θεὸς'],
        ]);
      });

      it('counts over the New Testament the figures docs/study.md gives', () => {
        const doc = readFileSync(path.join(__dirname, '../../docs/study.md'), 'utf8');
        const figures =
          /Over the New Testament \(`npx tsx scripts\/greek-differences\.ts`[^)]*\):\s+([\d,]+) groups,\s+([\d,]+) of them with at least one difference,\s+([\d,]+) differences\s+\(([\d,]+) omitted,\s+([\d,]+) added,\s+([\d,]+) changed,\s+([\d,]+) spelling:\s+([\d,]+) movable ν,\s+([\d,]+) elision\)/.exec(
            doc,
          );
        expect(figures, 'the figures of docs/study.md "TR beside SBLGNT"').not.toBeNull();
        const [groups, differing, differences, omitted, added, changed, spelling, nu, elision] =
          figures!.slice(1).map((n) => Number(n.replace(/,/g, '')));
        expect(countDifferences(texts())).toEqual({
          groups,
          differing,
          differences,
          kinds: { omitted, added, changed, spelling },
          spelling: { 'movable ν': nu, elision },
        });
      });
    });

    describe('OSHB (morphhb)', () => {
      it('has the Hebrew Bible in its own numbering, with the canon’s book ids', () => {
        expect(oshb).toHaveLength(23_213);
        // Every <w> of the text, less those inside notes (the qere readings).
        expect(count(oshb)).toBe(305_507);
        const books = [...new Set(oshb.map((v) => v.book))];
        expect(books).toEqual(
          loadCanon()
            .books.filter((b) => b.testament === 'OT')
            .map((b) => b.osis),
        );
      });

      it('reads Gen 1:1 word by word', () => {
        const words = find(oshb, 'Gen.1.1').words;
        expect(words).toHaveLength(7);
        expect(words[0]).toMatchObject({
          strongs: ['H7225'],
          lemma: ['b/7225'],
          morph: [{ scheme: 'oshb', code: 'HR/Ncfsa' }],
          after: ' ',
        });
        expect(words[0]!.text).not.toContain('/');
        expect(words[1]).toMatchObject({ strongs: ['H1254'], lemma: ['1254 a'] });
        expect(words.at(-1)!.after).toBe('׃');
      });

      it('puts the maqaf after the word before it', () => {
        const first = find(oshb, 'Mal.3.19').words[0]!;
        expect(letters(first.text)).toBe('כי');
        expect(first.after).toBe('־');
      });

      it('keeps the written text (ketiv), not the qere of the notes', () => {
        // Gen 8:17 writes הוצא and reads הַיְצֵא (the qere, in a note).
        const words = find(oshb, 'Gen.8.17').words.map((w) => w.text);
        expect(words).toContain('הוצא');
        expect(words.map(letters)).not.toContain('היצא');
      });

      it('writes plain Strong’s numbers, the lemma as written', () => {
        expect(oshbStrongs('c/d/776')).toEqual(['H776']);
        expect(oshbStrongs('1008+')).toEqual(['H1008']);
        expect(oshbStrongs('l')).toEqual([]);
        const odd = oshb.flatMap((v) =>
          v.words.filter(
            (w) => !w.text || /[/<>]/.test(w.text) || w.strongs.some((n) => !/^H[1-9]\d*$/.test(n)),
          ),
        );
        expect(odd).toEqual([]);
      });
    });

    describe('verse map (VerseMap.xml)', () => {
      it('reads every line of the table', () => {
        expect(map.entries).toHaveLength(1_978);
        expect(map.entries.filter((e) => e.type === 'partial')).toHaveLength(7);
        expect(map.pieces('Gen.1.1')).toEqual([{ from: 0, kjv: 'Gen.1.1' }]);
        expect(map.pieces('Gen.32.1')).toEqual([{ from: 0, kjv: 'Gen.31.55' }]);
        expect(map.kjvOf('Mal.3.19')).toBe('Mal.4.1');
        expect(map.kjvOf('Isa.1.1')).toBe('Isa.1.1');
      });

      it('renumbers Mal 3:19–24 and Joel 3–4 to the KJV', () => {
        expect(find(renumbered, 'Mal.4.1').words).toEqual(find(oshb, 'Mal.3.19').words);
        expect(renumbered.some((v) => id(v) === 'Mal.3.19')).toBe(false);
        expect(find(renumbered, 'Joel.2.28').words[0]).toEqual(find(oshb, 'Joel.3.1').words[0]);
        expect(find(renumbered, 'Joel.3.1').words[0]).toEqual(find(oshb, 'Joel.4.1').words[0]);
      });

      it("joins a Psalm's title (Hebrew verse 1) to the KJV's verse 1", () => {
        const [title, first] = [find(oshb, 'Ps.3.1').words, find(oshb, 'Ps.3.2').words];
        const joined = find(renumbered, 'Ps.3.1').words;
        expect(joined).toHaveLength(title.length + first.length);
        expect(joined.map((w) => w.text)).toEqual([...title, ...first].map((w) => w.text));
        expect(joined[title.length - 1]!.after).toBe('׃ ');
        expect(
          kjvSources(oshb, map)
            .get('Ps.51.1')!
            .map((s) => s.wlc),
        ).toEqual(['Ps.51.1', 'Ps.51.2', 'Ps.51.3']);
      });

      it('splits a Hebrew verse where the OSHB marks the KJV verse', () => {
        // 1 Kgs 18:34: <note>KJV:1Kgs.18.34</note> stands before the 11th word.
        expect(map.pieces('1Kgs.18.34')).toEqual([
          { from: 0, kjv: '1Kgs.18.33' },
          { from: 10, kjv: '1Kgs.18.34' },
        ]);
        const hebrew = find(oshb, '1Kgs.18.34').words;
        expect(find(renumbered, '1Kgs.18.34').words.map((w) => w.text)).toEqual(
          hebrew.slice(10).map((w) => w.text),
        );
        expect(find(renumbered, '1Kgs.18.33').words.at(-1)!.text).toBe(hebrew[9]!.text);
        expect(mappingCases(oshb, map).split).toHaveLength(5);
      });

      it('lands every Hebrew word on a KJV verse, and fills every KJV verse but Neh 7:68', () => {
        expect(count(renumbered)).toBe(count(oshb));
        const kjvOt = new Set(
          kjv.verses.filter((v) => loadCanon().byOsis.get(v.book)?.testament === 'OT').map(id),
        );
        const got = new Set(renumbered.map(id));
        expect([...got].filter((v) => !kjvOt.has(v))).toEqual([]);
        expect([...kjvOt].filter((v) => !got.has(v))).toEqual(['Neh.7.68']);
      });
    });

    describe('SBLGNT (morphgnt, sblgnt.xml)', () => {
      it('prints Mark 16’s Intermediate Ending between 16:8 and 16:9 with its headings, as words of neither', async () => {
        const sblgnt = taggedText('sblgnt')!;
        // The SBL's file: the headings (`<mark-end>`) after 16:8, the words of a paragraph no
        // verse number opens, then the last heading and 16:9.
        const xml = readFileSync(path.join(studySourcesDir(), 'sblgnt/sblgnt.xml'), 'utf8');
        const between = xml.slice(
          xml.indexOf('<verse-number id="Mark 16:8"'),
          xml.indexOf('<verse-number id="Mark 16:9"'),
        );
        const headings = [...between.matchAll(/<mark-end[^>]*>([^<]*)</g)].map((m) => m[1]);
        expect(headings).toEqual(['Other Endings of Mark', 'Intermediate Ending', 'Long Ending']);
        const ending = between.slice(between.indexOf('<mark-end'));
        const endingWords = [...ending.matchAll(/<w>([^<]*)<\/w>/g)].map((m) => m[1]!);
        expect(endingWords).toHaveLength(34);
        // MorphGNT files those words as the end of 16:8: 16:8 keeps its own (the verse number's).
        const verse8 = [...between.slice(0, between.indexOf('<mark-end')).matchAll(/<w>([^<]*)</g)];
        const eight = find(sblgnt, 'Mark.16.8');
        expect(eight.words.map((w) => w.text)).toEqual(verse8.map((m) => m[1]));
        expect(verseText(eight)).toMatch(/ἐφοβοῦντο γάρ\.$/);
        // 16:9 has them before it, where they are printed.
        const nine = find(sblgnt, 'Mark.16.9');
        expect(nine.before).toMatchObject({ headings, lang: 'en', unnumbered: { at: 2 } });
        const passage = nine.before!.unnumbered!.text;
        expect(passage.replace(/[^\p{L}’ ]/gu, '')).toBe(endingWords.join(' '));
        expect(passage).toMatch(/^⟦Πάντα .* ἀμήν\.⟧$/);
        // As the importer gives the version and the build renders it: headings, the passage, the
        // last heading, before the verse's own text; the verse's text is its words alone.
        const ir = await importTagged(
          { format: 'tagged', text: 'sblgnt' } as never,
          { log: () => {} } as never,
        );
        const mark16 = ir.books
          .find((b) => b.osis === 'Mark')!
          .chapters.find((c) => c.chapter === 16)!;
        const v9 = mark16.verses.find((v) => v.verse === 9)!;
        expect(renderHeadings(v9.headings!, v9.headingsLang, v9.unnumbered)).toBe(
          '<h3 class="heading" lang="en">Other Endings of Mark</h3>' +
            '<h3 class="heading" lang="en">Intermediate Ending</h3>' +
            `<p class="unnumbered">${passage}</p>` +
            '<h3 class="heading" lang="en">Long Ending</h3>',
        );
        expect(v9.tokens[0]!.text).toMatch(/^⟦Ἀναστὰς/);
        const v8 = mark16.verses.find((v) => v.verse === 8)!;
        expect(v8.tokens[0]!.text).not.toContain('Πάντα');
      });
    });
  },
);
