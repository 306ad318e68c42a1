/**
 * The WLC's entries of data/versification-map.json (the Hebrew Bible aligned by
 * verse with the KJV), computed from the OSHB's VerseMap.xml (bibledit-cloud-data): each WLC
 * verse the KJV numbers differently, with the KJV verses it stands for. Consecutive verses that
 * shift alike are written as one range. The entries are numbers only; they are committed so that
 * the worker bundles them with the other versions', and the build checks they still equal what
 * the package says (`npm run data:wlc-versification` rewrites them).
 *
 * Parts of verses (`!a`, `!b`): a Hebrew verse whose one part the table gives to another KJV
 * verse keeps the KJV verse of its own number for the part it does not list (`1Kgs.18.34!a` →
 * `1Kgs.18.33!b`: the Hebrew 18:34 holds the end of the KJV's 18:33 and its 18:34), so it stands
 * for both, in the KJV's order. A Hebrew verse that holds only part of a KJV verse whose text
 * another holds is marked `part` (src/catalogue/versification.ts versesHolding gives the verse
 * with the text first): a part the table gives to part of a KJV verse (`1Kgs.22.44` →
 * `1Kgs.22.43!b`), and a Psalm's title, the Hebrew verses joined into the KJV's verse 1 before
 * the last of them (Ps 51:1-2 of the KJV's 51:1; the title's first verse keeps its number and is
 * written as an entry of its own).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from '../paths';
import { studyFile, studySourcesInstalled } from './sources';
import { readVerseMapEntries } from './verse-map';
import { versePosition } from '../../../src/snapshot/verse-positions';

interface Entry {
  from: string;
  to: string;
  /** The verse holds part of its KJV verse, whose text another Hebrew verse holds. */
  part?: true;
  reason: string;
}

const REF = /^([1-4]?[A-Za-z]+)\.(\d+)\.(\d+)$/;

interface Pair {
  book: string;
  fc: number;
  fv: number;
  tb: string;
  tc: number;
  tv: number;
  /** The part of the Hebrew verse the line gives (`!a`, `!b`), if only a part. */
  wlcPart?: 'a' | 'b';
}

const idOf = (book: string, c: number, v: number) => `${book}.${c}.${v}`;

export function wlcVersificationEntries(file = studyFile('verseMap')): Entry[] {
  const pairs: Pair[] = [];
  const seen = new Set<string>();
  for (const e of readVerseMapEntries(file)) {
    const from = REF.exec(e.wlc);
    const to = REF.exec(e.kjv);
    if (!from || !to) throw new Error(`VerseMap.xml: unreadable pair ${e.wlc} → ${e.kjv}`);
    const id = `${e.wlc}!${e.wlcPart ?? ''}→${e.kjv}`;
    if (seen.has(id)) continue;
    seen.add(id);
    pairs.push({
      book: from[1]!,
      fc: Number(from[2]),
      fv: Number(from[3]),
      tb: to[1]!,
      tc: Number(to[2]),
      tv: Number(to[3]),
      ...(e.wlcPart ? { wlcPart: e.wlcPart } : {}),
    });
  }
  const byFrom = new Map<string, Pair[]>();
  // The table's order of books, which the entries keep.
  const firstIndex = new Map<string, number>();
  for (const p of pairs) if (!firstIndex.has(p.book)) firstIndex.set(p.book, firstIndex.size);
  for (const p of pairs) {
    const k = idOf(p.book, p.fc, p.fv);
    byFrom.set(k, [...(byFrom.get(k) ?? []), p]);
  }
  // Each listed Hebrew verse → the KJV verses it holds, in the KJV's order.
  const holds = new Map<string, string[]>();
  for (const [from, list] of byFrom) {
    const to = list.map((p) => idOf(p.tb, p.tc, p.tv));
    // One part listed: the other part is the KJV verse of the Hebrew verse's own number.
    if (list.length === 1 && list[0]!.wlcPart) {
      if (list[0]!.wlcPart === 'a') to.push(from);
      else to.unshift(from);
    }
    holds.set(from, [...new Set(to)]);
  }
  // The verses holding part of a KJV verse whose text another holds: a part the table gives to
  // the KJV verse (`!a`/`!b` on the KJV side), and a Psalm's title: the Hebrew verses joined into
  // the KJV's verse 1 before the last of them, the first of which (x:1) keeps its number and is
  // written as a `part` entry of its own.
  const part = new Set<string>();
  for (const e of readVerseMapEntries(file)) if (e.kjvPart) part.add(e.wlc);
  const titleJoins = new Map<string, string[]>();
  for (const [from, to] of holds)
    if (to.length === 1 && /^Ps\.\d+\.1$/.test(to[0]!))
      titleJoins.set(to[0]!, [...(titleJoins.get(to[0]!) ?? []), from]);
  for (const [kjv, listed] of titleJoins) {
    const verses = [kjv, ...listed].sort(
      (x, y) => Number(x.split('.')[2]) - Number(y.split('.')[2]),
    );
    verses.pop();
    for (const v of verses) part.add(v);
    if (!holds.has(kjv)) holds.set(kjv, [kjv]);
  }
  // In the Hebrew's order, so that a Psalm's title verse x:1 stands before x:2.
  const order = (id: string) => {
    const [, c, v] = id.split('.');
    return versePosition(Number(c), Number(v));
  };
  const sorted = [...holds.keys()].sort(
    (x, y) =>
      firstIndex.get(x.split('.')[0]!)! - firstIndex.get(y.split('.')[0]!)! || order(x) - order(y),
  );
  const out: Entry[] = [];
  let run: {
    book: string;
    fc: number;
    fv: number;
    lv: number;
    tb: string;
    tc: number;
    tv: number;
  } | null = null;
  const flush = () => {
    if (!run) return;
    const n = run.lv - run.fv;
    out.push({
      from: `${run.book}.${run.fc}.${run.fv}${n ? `-${run.lv}` : ''}`,
      to: `${run.tb}.${run.tc}.${run.tv}${n ? `-${run.tv + n}` : ''}`,
      reason: `OSHB VerseMap.xml: the WLC numbers ${n ? 'these verses' : 'this verse'} differently from the KJV.`,
    });
    run = null;
  };
  for (const from of sorted) {
    const to = holds.get(from)!;
    const [book, c, v] = from.split('.');
    const p = byFrom.get(from)?.[0] ?? {
      book: book!,
      fc: Number(c),
      fv: Number(v),
      tb: book!,
      tc: Number(c),
      tv: Number(v),
    };
    if (to.length > 1 || part.has(from)) {
      flush();
      out.push({
        from,
        to: to.join(','),
        ...(part.has(from) ? { part: true as const } : {}),
        reason:
          to.length > 1
            ? 'OSHB VerseMap.xml: the WLC verse holds parts of these KJV verses.'
            : /^Ps\.\d+\.1$/.test(to[0]!)
              ? "OSHB VerseMap.xml: the WLC verse is (part of) the Psalm's title, which the KJV prints before its verse 1."
              : 'OSHB VerseMap.xml: the WLC verse holds part of this KJV verse, another its text.',
      });
      continue;
    }
    const extends_ =
      run &&
      run.book === p.book &&
      run.fc === p.fc &&
      p.fv === run.lv + 1 &&
      run.tb === p.tb &&
      run.tc === p.tc &&
      p.tv === run.tv + (p.fv - run.fv);
    if (extends_) run!.lv = p.fv;
    else {
      flush();
      run = { book: p.book, fc: p.fc, fv: p.fv, lv: p.fv, tb: p.tb, tc: p.tc, tv: p.tv };
    }
  }
  flush();
  return out;
}

const MAP_FILE = path.join(DATA_DIR, 'versification-map.json');

/** The WLC entries as committed, in the same shape. */
export function committedWlcEntries(file = MAP_FILE): Entry[] {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as {
    versions: Record<
      string,
      { from: string; to: string | string[]; part?: true; reason?: string }[]
    >;
  };
  return (raw.versions.WLC ?? []).map((e) => ({
    from: e.from,
    to: Array.isArray(e.to) ? e.to.join(',') : e.to,
    ...(e.part ? { part: true as const } : {}),
    reason: e.reason ?? '',
  }));
}

/** Build check: the committed entries equal the package's (empty when the package is absent). */
export function wlcVersificationProblems(): string[] {
  if (!studySourcesInstalled()) return [];
  const want = JSON.stringify(wlcVersificationEntries().map((e) => [e.from, e.to, !!e.part]));
  const have = JSON.stringify(committedWlcEntries().map((e) => [e.from, e.to, !!e.part]));
  return want === have
    ? []
    : [
        'data/versification-map.json: the WLC entries differ from the OSHB VerseMap.xml; run `npm run data:wlc-versification`',
      ];
}

/** Rewrites the WLC entries of data/versification-map.json (the other versions' are kept as written). */
export function writeWlcVersification(file = MAP_FILE): number {
  const text = readFileSync(file, 'utf8');
  const entries = wlcVersificationEntries().map((e) => ({
    from: e.from,
    to: e.to.includes(',') ? e.to.split(',') : e.to,
    ...(e.part ? { part: true } : {}),
    reason: e.reason,
  }));
  const spaced = (e: object) =>
    JSON.stringify(e)
      .replace(/^\{/, '{ ')
      .replace(/\}$/, ' }')
      .replace(/","/g, '", "')
      .replace(/":/g, '": ')
      .replace(/\],"/g, '], "')
      .replace(/true,"/g, 'true, "');
  const block = `"WLC": [\n${entries.map((e) => `      ${spaced(e)}`).join(',\n')}\n    ]`;
  const replaced = /"WLC": \[[\s\S]*?\n {4}\]/.test(text)
    ? text.replace(/"WLC": \[[\s\S]*?\n {4}\]/, block)
    : text.replace(/\n {2}\}\n\}\s*$/, `,\n    ${block}\n  }\n}\n`);
  JSON.parse(replaced);
  writeFileSync(file, replaced);
  return entries.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(
    `data/versification-map.json: ${writeWlcVersification()} WLC entries written from ${studyFile('verseMap')}`,
  );
}
