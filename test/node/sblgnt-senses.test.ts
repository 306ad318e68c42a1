import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { taggedText } from '../../scripts/snapshot/study/tagged';
import type { TaggedVerse } from '../../scripts/snapshot/study/types';

// The SBLGNT's Strong's numbers in the sense the word is used (data/sblgnt-senses.json, docs/study.md
// "Strong's numbers in their sense"), checked against two witnesses read here with code of this
// file's own, none of the build's: the Textus Receptus's tags in kjv.xml (each Greek word the KJV
// renders, with its Strong's number and the English that renders it) and Strong's dictionary
// (sblgnt/strongsgreek.xml). What is checked is the SBLGNT as the build reads it for the snapshot
// (scripts/snapshot/study/tagged.ts, the whole New Testament; the fixture holds John only).

const SOURCES = process.env.STUDY_SOURCES_DIR ?? '/usr/share/bibledit-cloud/sources';
const ROOT = join(__dirname, '../..');
const KJV = join(SOURCES, 'kjv.xml');
const STRONGS = join(SOURCES, 'sblgnt/strongsgreek.xml');

/** A Greek word's letters: no accents, breathings, case or punctuation (the TR writes them so). */
const letters = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');

/** One Greek word of the TR as kjv.xml tags it, with the English that renders it. */
interface TrWord {
  verse: string;
  position: number;
  word: string;
  strongs: string;
  english: string;
}

/** The TR's words of the New Testament (kjv.xml's `lemma.TR:` with their `strong:` and `src`). */
function readTr(): TrWord[] {
  const xml = readFileSync(KJV, 'utf8');
  const out: TrWord[] = [];
  const seen = new Set<string>();
  const start = xml.indexOf('<verse osisID="Matt.1.1"');
  for (const v of xml
    .slice(start)
    .matchAll(/<verse osisID="([^"]+)" sID="[^"]+"\/>([\s\S]*?)<verse eID=/g)) {
    for (const w of v[2]!.matchAll(/<w ([^>]*?)\/?>(?:([^<]*)<\/w>)?/g)) {
      const attrs = w[1]!;
      const src = /src="([^"]*)"/.exec(attrs)?.[1]?.split(' ') ?? [];
      const lemma = /lemma="([^"]*)"/.exec(attrs)?.[1]?.split(' ') ?? [];
      const numbers = lemma.filter((l) => l.startsWith('strong:')).map((l) => l.slice(7));
      const words = lemma.filter((l) => l.startsWith('lemma.TR:')).map((l) => l.slice(9));
      src.forEach((p, k) => {
        // A position of the neighbouring verse (`13n`) is that verse's word.
        if (!/^\d+$/.test(p) || !words[k] || !numbers[k]) return;
        const key = `${v[1]} ${p}`;
        if (seen.has(key)) return; // one Greek word rendered by two English phrases
        seen.add(key);
        out.push({
          verse: v[1]!,
          position: Number(p),
          word: words[k]!,
          strongs: numbers[k]!.replace(/^G0*/, 'G'),
          english: (w[2] ?? '').trim(),
        });
      });
    }
  }
  return out;
}

/** Strong's Greek entries: number → derivation and definition as text, and the KJV renderings. */
function readStrongs(): Map<string, { says: string; kjv: string }> {
  const xml = readFileSync(STRONGS, 'utf8');
  const out = new Map<string, { says: string; kjv: string }>();
  const text = (s = '') =>
    s
      .replace(/<strongsref [^>]*strongs="0*(\d+)"\/>/g, '$1')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  for (const e of xml.matchAll(/<entry strongs="0*(\d+)">([\s\S]*?)<\/entry>/g)) {
    const body = e[2]!;
    const part = (tag: string) => text(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(body)?.[1]);
    out.set(`G${e[1]}`, {
      says: `${part('strongs_derivation')} ${part('strongs_def')}`,
      kjv: part('kjv_def'),
    });
  }
  return out;
}

interface Rule {
  lemma: string;
  from: string;
  to: string;
  strongs: string;
  words: number;
}
const rules: Rule[] = JSON.parse(readFileSync(join(ROOT, 'data/sblgnt-senses.json'), 'utf8')).rules;

/**
 * The KJV verses an SBLGNT verse stands for (data/versification-map.json: `Book.C.V` or
 * `Book.C.V-W` to the same, or a list; ranges of one length map verse by verse).
 */
function kjvSlots(): (id: string) => string[] {
  const map: { from: string; to: string | string[] }[] = JSON.parse(
    readFileSync(join(ROOT, 'data/versification-map.json'), 'utf8'),
  ).versions.SBLGNT;
  const expand = (range: string) => {
    const m = /^(\w+\.\d+\.)(\d+)(?:-(\d+))?$/.exec(range)!;
    const out: string[] = [];
    for (let v = Number(m[2]); v <= Number(m[3] ?? m[2]); v++) out.push(m[1]! + v);
    return out;
  };
  return (id) => {
    for (const e of map) {
      const from = expand(e.from);
      const i = from.indexOf(id);
      if (i < 0) continue;
      const to = (Array.isArray(e.to) ? e.to : [e.to]).flatMap(expand);
      return to.length === from.length ? [to[i]!] : to;
    }
    return [id];
  };
}

describe.skipIf(!existsSync(KJV) || !existsSync(STRONGS))(
  "the SBLGNT's Strong's numbers in their sense, against the TR's tags and Strong's dictionary",
  () => {
    let tr: TrWord[];
    /** The TR's words by verse. */
    const trIn = new Map<string, TrWord[]>();
    let strongs: Map<string, { says: string; kjv: string }>;
    /** The SBLGNT's words in the KJV's slots: slot → words (letters, number, where). */
    const sblgnt = new Map<string, { letters: string; strongs: string; at: string }[]>();

    beforeAll(() => {
      tr = readTr();
      for (const w of tr) trIn.set(w.verse, [...(trIn.get(w.verse) ?? []), w]);
      strongs = readStrongs();
      const slots = kjvSlots();
      const verses: TaggedVerse[] = taggedText('sblgnt')!;
      for (const v of verses) {
        const id = `${v.book}.${v.chapter}.${v.verse}`;
        for (const slot of slots(id)) {
          const list = sblgnt.get(slot) ?? [];
          v.words.forEach((w, k) =>
            list.push({
              letters: letters(w.text),
              strongs: w.strongs[0] ?? '',
              at: `${id} ${k + 1}`,
            }),
          );
          sblgnt.set(slot, list);
        }
      }
    }, 60_000);

    /**
     * Whether the TR's tag of `w` is the slip where the SBLGNT's word has `number`: the English the
     * KJV renders it with is among Strong's renderings of `number` and not among those of the tag
     * (kjv.xml tags που "where" in Mark 15:47 with G4225 "somewhere", whose renderings are "about,
     * a certain place"; ποῦ G4226's are "where, whither").
     */
    const tagSlip = (w: TrWord, number: string): boolean => {
      const renders = (n: string) => {
        const kjv = new Set(
          strongs
            .get(n)
            ?.kjv.toLowerCase()
            .match(/\p{L}+/gu) ?? [],
        );
        const english = w.english.toLowerCase().match(/\p{L}+/gu) ?? [];
        return english.length > 0 && english.every((e) => kjv.has(e));
      };
      return number !== w.strongs && renders(number) && !renders(w.strongs);
    };

    it("quotes each rule's split from Strong's entry of the number it gives", () => {
      for (const r of rules) expect(strongs.get(r.to)?.says, r.to).toContain(r.strongs);
      // And the number it takes the word from is the lemma's entry: the same word without the split.
      for (const r of rules) expect(strongs.has(r.from), r.from).toBe(true);
    });

    for (const to of [...new Set(rules.map((r) => r.to))]) {
      it(`finds ${to} in the SBLGNT where the TR has it, but where the texts differ`, () => {
        const trWords = tr.filter((w) => w.strongs === to);
        const trVerses = new Set(trWords.map((w) => w.verse));
        const sblVerses = new Set(
          [...sblgnt].filter(([, ws]) => ws.some((w) => w.strongs === to)).map(([slot]) => slot),
        );
        // A TR word with the number and an SBLGNT word spelled alike in its verse: the same number,
        // unless the TR's tag is the slip (tagSlip).
        const disagree: string[] = [];
        for (const w of trWords) {
          const alike = (sblgnt.get(w.verse) ?? []).filter((s) => s.letters === letters(w.word));
          if (alike.length && !alike.some((s) => s.strongs === to || tagSlip(w, s.strongs)))
            disagree.push(
              `TR ${w.verse} ${w.word} ("${w.english}") ${to}, SBLGNT ${alike.map((s) => s.strongs || '-').join('/')}`,
            );
        }
        // An SBLGNT word with the number and a TR word spelled alike in its verse: the same number.
        for (const [slot, ws] of sblgnt)
          for (const s of ws.filter((x) => x.strongs === to)) {
            const alike = (trIn.get(slot) ?? []).filter((w) => letters(w.word) === s.letters);
            if (alike.length && !alike.some((w) => w.strongs === to || tagSlip(w, to)))
              disagree.push(
                `SBLGNT ${s.at} ${to}, TR ${alike.map((w) => `${w.word} ("${w.english}") ${w.strongs}`).join('/')}`,
              );
          }
        expect(disagree).toEqual([]);
        // So the verses the TR has and the SBLGNT lacks are where the texts differ (no word alike
        // there), or where the TR's tag is the slip (docs/study.md gives the figures).
        expect(trVerses.size, to).toBeGreaterThan(0);
        expect(sblVerses.size, to).toBeGreaterThan(0);
      });
    }
  },
);
