import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSite, type Site } from '../browser/harness';

// Grammar search (docs/study.md "Grammar search") against the sources themselves: the qal
// wayyiqtols and the KJV's qal imperfects of Jonah (a book of the fixture's tagged words) are
// counted here from the OSHB's Jonah.xml and the tagged kjv.xml with a few regular expressions,
// sharing no code with the build or its morphology tables, and compared with what the route
// answers from the fixture snapshot (the whole worker in workerd: the browser tests' shared site).

const SOURCES = process.env.STUDY_SOURCES_DIR ?? '/usr/share/bibledit-cloud/sources';
const OSHB_JONAH = path.join(SOURCES, 'morphhb', 'Jonah.xml');
const KJV = path.join(SOURCES, 'kjv.xml');
const MORPHGNT_JOHN = path.join(SOURCES, 'morphgnt', '64-Jn-morphgnt.txt');

/**
 * Words and verses of a MorphGNT book whose 8-letter parsing code matches `parsing` (one line a
 * word: book-chapter-verse, part of speech, parsing, text, word, normalized, lemma).
 */
function morphgntCount(file: string, parsing: RegExp): { words: number; verses: number } {
  const verses = new Set<string>();
  let words = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [bcv, , code] = line.split(' ');
    if (bcv && code && parsing.test(code)) {
      words++;
      verses.add(bcv);
    }
  }
  return { words, verses: verses.size };
}

/** Morphemes and verses of an OSHB book whose morpheme matches `morpheme` (the language letter removed). */
function oshbCount(file: string, morpheme: RegExp): { words: number; verses: number } {
  const xml = readFileSync(file, 'utf8');
  let verse = '';
  const verses = new Set<string>();
  let words = 0;
  for (const m of xml.matchAll(/<verse osisID="([^"]+)"|<w [^>]*morph="([^"]+)"/g)) {
    if (m[1]) verse = m[1];
    else
      for (const piece of m[2]!.slice(1).split('/'))
        if (morpheme.test(piece)) {
          words++;
          verses.add(verse);
        }
  }
  return { words, verses: verses.size };
}

/**
 * kjv.xml's text, read once for the file: 28 MB, about a second of CPU a read, where the counts
 * below read it nine times.
 */
let kjvText: string | undefined;
const kjvXml = (): string => (kjvText ??= readFileSync(KJV, 'utf8'));

/**
 * Codes and verses of a KJV book whose words carry `code` (`strongMorph:TH8799`), and the Strong's
 * number `strongs` when given (`7725`). A Hebrew word the KJV renders in two phrases
 * (`type="x-split-N"`, each phrase with the code) is one word, as the concordance counts it,
 * unless `splitTwice`.
 */
function kjvCount(
  book: string,
  code: string | RegExp,
  splitTwice = false,
  strongs?: string,
): { words: number; verses: number } {
  const xml = kjvXml();
  const start = xml.indexOf(`<verse osisID="${book}.1.1"`);
  const end = xml.indexOf('</div>', start);
  let verse = '';
  const verses = new Set<string>();
  const splits = new Set<string>();
  let words = 0;
  for (const m of xml
    .slice(start, end)
    .matchAll(/<verse osisID="([^"]+)"|<w ([^>]*)morph="([^"]+)"([^>]*)>/g)) {
    if (m[1]) verse = m[1];
    else {
      const attributes = m[2]! + m[4]!;
      if (strongs && !new RegExp(`strong:H0*${strongs}\\b`).test(attributes)) continue;
      const split = /type="x-split-(\d+)"/.exec(attributes)?.[1];
      if (split && !splitTwice) {
        if (splits.has(split)) continue;
        splits.add(split);
      }
      for (const c of m[3]!.split(/\s+/))
        if (typeof code === 'string' ? c === code : code.test(c)) {
          words++;
          verses.add(verse);
        }
    }
  }
  return { words, verses: verses.size };
}

describe.skipIf(!existsSync(OSHB_JONAH) || !existsSync(KJV) || !existsSync(MORPHGNT_JOHN))(
  'grammar search against the sources',
  () => {
    // The browser tests' shared site (test/browser/global-setup.ts): one site start a process.
    let site: Site;
    let token: string;
    beforeAll(async () => {
      site = await openSite('grammar-sources@example.test');
      token = site.token;
    }, 240_000);

    const summary = async (query: string) => {
      const res = await fetch(`${site.url}/verses.js?${query}&limit=1`, {
        headers: { Authorization: `Basic ${btoa(`${token}:x`)}` },
      });
      expect(res.status, query).toBe(200);
      return ((await res.json()) as any).search.result.summary;
    };

    it('counts the WLC’s qal wayyiqtols of Jonah as the OSHB does', async () => {
      // A Hebrew verb morpheme: V, the stem letter q (qal), the conjugation w (wayyiqtol).
      const expected = oshbCount(OSHB_JONAH, /^Vqw/);
      expect(expected.words).toBeGreaterThan(50);
      const got = await summary('stem=qal&form=wayyiqtol&version=WLC&book=Jonah');
      expect({ words: got.occurrences, verses: got.total }).toEqual(expected);
      // With a number: וַיְהִי (H1961) alone; the lemma `c/1961` puts it on the verb morpheme.
      const xml = readFileSync(OSHB_JONAH, 'utf8');
      const wayehi = [...xml.matchAll(/<w lemma="c\/1961"[^>]*morph="HC\/Vqw/g)].length;
      const h1961 = await summary('stem=qal&form=wayyiqtol&strongs=H1961&version=WLC&book=Jonah');
      expect(h1961.occurrences).toBe(wayehi);
    });

    it('counts the KJV’s qal imperfects of Jonah (Strong’s tense TH8799) as kjv.xml does', async () => {
      const expected = kjvCount('Jonah', 'strongMorph:TH8799');
      expect(expected.words).toBeGreaterThan(50);
      const got = await summary('stem=qal&form=imperfect&version=KJV&book=Jonah');
      expect({ words: got.occurrences, verses: got.total }).toEqual(expected);
    });

    it('counts a Hebrew verb the KJV renders in two phrases once, as the concordance does', async () => {
      // Mal 2:6 "and did turn many away" (H7725, hiphil perfect TH8689): one Hebrew word whose two
      // phrases, "did turn" and "away", each carry the code.
      const once = kjvCount('Mal', 'strongMorph:TH8689');
      expect(kjvCount('Mal', 'strongMorph:TH8689', true).words).toBe(once.words + 1);
      const got = await summary('stem=hiphil&form=perfect&version=KJV&book=Mal');
      expect({ words: got.occurrences, verses: got.total }).toEqual(once);
      // With its number, the word is one occurrence of H7725, as the concordance counts it.
      const turned = await summary('stem=hiphil&form=perfect&strongs=H7725&version=KJV&book=Mal');
      const h7725 = kjvCount('Mal', 'strongMorph:TH8689', false, '7725');
      expect(kjvCount('Mal', 'strongMorph:TH8689', true, '7725').words).toBe(h7725.words + 1);
      expect({ words: turned.occurrences, verses: turned.total }).toEqual(h7725);
    });

    it('counts the KJV’s aorists of John as kjv.xml does, its second aorists (V-2A…) among them', async () => {
      // Robinson's codes: V-A… an aorist, V-2A… a second aorist, which grammar search files under
      // the aorist (src/study/grammar/parts.ts).
      const second = kjvCount('John', /^robinson:V-2A/);
      expect(second.words).toBeGreaterThan(100);
      const aorists = kjvCount('John', /^robinson:V-2?A/);
      expect(aorists.words).toBeGreaterThan(second.words);
      const got = await summary('tense=aorist&version=KJV&book=John');
      expect({ words: got.occurrences, verses: got.total }).toEqual(aorists);
    });

    it('counts the SBLGNT’s aorist participles of John, and its aorist passive ones, as MorphGNT does', async () => {
      // The parsing code's letters: person, tense (A aorist), voice (P passive), mood (P participle), …
      const aorist = morphgntCount(MORPHGNT_JOHN, /^.A.P/);
      expect(aorist.words).toBeGreaterThan(100);
      const got = await summary('tense=aorist&mood=participle&version=SBLGNT&book=John');
      expect({ words: got.occurrences, verses: got.total }).toEqual(aorist);
      const passive = morphgntCount(MORPHGNT_JOHN, /^.APP/);
      expect(passive.words).toBeGreaterThan(0);
      const gotPassive = await summary(
        'tense=aorist&voice=passive&mood=participle&version=SBLGNT&book=John',
      );
      expect({ words: gotPassive.occurrences, verses: gotPassive.total }).toEqual(passive);
    });
  },
);
