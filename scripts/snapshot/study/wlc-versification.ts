/**
 * The WLC's entries of data/versification-map.json (the Hebrew Bible aligned by
 * verse with the KJV), computed from the OSHB's VerseMap.xml (bibledit-cloud-data): each WLC
 * verse the KJV numbers differently, with the KJV verse it stands for (`!a`/`!b` half-verse marks
 * dropped: a partial verse stands for the whole KJV verse it shares). Consecutive verses that
 * shift alike are written as one range. The entries are numbers only; they are committed so that
 * the worker bundles them with the other versions', and the build checks they still equal what
 * the package says (`npm run data:wlc-versification` rewrites them).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from '../paths';
import { studyFile, studySourcesInstalled } from './sources';
import { readVerseMapEntries } from './verse-map';

interface Entry {
  from: string;
  to: string;
  reason: string;
}

const REF = /^([1-4]?[A-Za-z]+)\.(\d+)\.(\d+)$/;

export function wlcVersificationEntries(file = studyFile('verseMap')): Entry[] {
  const pairs: { book: string; fc: number; fv: number; tc: number; tv: number; tb: string }[] = [];
  const seen = new Set<string>();
  // The table as ./verse-map.ts reads it; a half verse (`!a`, `!b`) stands for its whole verse here.
  for (const e of readVerseMapEntries(file)) {
    const from = REF.exec(e.wlc);
    const to = REF.exec(e.kjv);
    if (!from || !to) throw new Error(`VerseMap.xml: unreadable pair ${e.wlc} → ${e.kjv}`);
    const id = `${e.wlc}→${e.kjv}`;
    if (seen.has(id)) continue;
    seen.add(id);
    pairs.push({
      book: from[1],
      fc: Number(from[2]),
      fv: Number(from[3]),
      tb: to[1],
      tc: Number(to[2]),
      tv: Number(to[3]),
    });
  }
  // A WLC verse split over two KJV verses (partial pairs) stands for both: one entry with a list.
  const byFrom = new Map<string, typeof pairs>();
  for (const p of pairs) {
    const k = `${p.book}.${p.fc}.${p.fv}`;
    byFrom.set(k, [...(byFrom.get(k) ?? []), p]);
  }
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
  for (const [from, list] of byFrom) {
    if (list.length > 1) {
      flush();
      const to = list.map((p) => `${p.tb}.${p.tc}.${p.tv}`);
      out.push({
        from,
        to: to.join(','),
        reason: 'OSHB VerseMap.xml: the WLC verse holds parts of these KJV verses.',
      });
      continue;
    }
    const p = list[0];
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
    versions: Record<string, { from: string; to: string | string[]; reason?: string }[]>;
  };
  return (raw.versions.WLC ?? []).map((e) => ({
    from: e.from,
    to: Array.isArray(e.to) ? e.to.join(',') : e.to,
    reason: e.reason ?? '',
  }));
}

/** Build check: the committed entries equal the package's (empty when the package is absent). */
export function wlcVersificationProblems(): string[] {
  if (!studySourcesInstalled()) return [];
  const want = JSON.stringify(wlcVersificationEntries().map((e) => [e.from, e.to]));
  const have = JSON.stringify(committedWlcEntries().map((e) => [e.from, e.to]));
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
    reason: e.reason,
  }));
  const spaced = (e: object) =>
    JSON.stringify(e)
      .replace(/^\{/, '{ ')
      .replace(/\}$/, ' }')
      .replace(/","/g, '", "')
      .replace(/":/g, '": ')
      .replace(/\],"/g, '], "');
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
