/**
 * A lexicon's scripture reference → a link into the KJV: `/verses/KJV:Gen.1.1`, or
 * `/chapters/KJV:Ps.33` for a chapter (or a Psalm title, which the KJV does not number). The
 * sources write OSIS references (BDB `r="Gen.1.1"`, Abbott-Smith `osisRef="Matt.5.43"`) with a
 * few slips (`Is.17.13`, `iKgs.7.30`, `Exod24.17`, `Ezra,6,15`, `Job.37:23`, half-verse marks
 * `Gen.30.20!a`, ranges `Exod.3.12-Exod.3.15`); they are read as meant. No link (null) for a
 * book outside the KJV (Sirach, Maccabees…), the Septuagint's own numbering (`LXX:Ps.…`), or a
 * verse the KJV does not have: the reference's words stay, unlinked.
 */
import { loadCanon } from '../../canon';
import type { HebrewToKjv } from './hebrew-numbering';
import type { KjvVerses } from './kjv-verses';

/** Book abbreviations the sources use that the canon table does not know. */
const BOOK_SLIPS: Record<string, string> = {
  is: 'Isa',
  ikgs: '1Kgs',
  iikgs: '2Kgs',
  ho: 'Hos',
  zp: 'Zeph',
  zec: 'Zech',
  jugd: 'Judg',
  jos: 'Josh',
  jb: 'Job',
  ez: 'Ezek',
  erz: 'Ezra',
  jon: 'Jonah',
  '1ki': '1Kgs',
  '2ki': '2Kgs',
};

export interface OsisRef {
  book: string;
  chapter: number;
  verse?: number;
}

/** Reads a source's reference as meant (see above); null when it names no KJV book or no number. */
export function parseOsisRef(text: string): OsisRef | null {
  let ref = text.trim();
  if (!ref || /^[A-Za-z]+:/.test(ref)) return null; // `LXX:Ps.1.1`: the Septuagint's numbering
  ref = ref.split('-')[0]!.replace(/!.*$/, '').replace(/[,:]/g, '.');
  const m = /^([1-4]?[A-Za-z]+)\.?(\d+)(?:\.(\d+))?$/.exec(ref);
  if (!m) return null;
  const canon = loadCanon();
  const book = BOOK_SLIPS[m[1]!.toLowerCase()] ?? canon.resolve(m[1]!);
  const testament = book ? canon.byOsis.get(book)?.testament : undefined;
  if (!book || (testament !== 'OT' && testament !== 'NT')) return null;
  return { book, chapter: Number(m[2]), verse: m[3] === undefined ? undefined : Number(m[3]) };
}

export interface RefLinker {
  /** The href for a reference, or null. `hebrew`: the reference numbers verses as the Hebrew Bible does. */
  (text: string, numbering: 'kjv' | 'hebrew'): string | null;
}

/** A linker over the KJV's verses and the Hebrew → KJV numbering. */
export function refLinker(kjv: KjvVerses, hebrewToKjv: HebrewToKjv): RefLinker {
  return (text, numbering) => {
    const ref = parseOsisRef(text);
    if (!ref) return null;
    let { book, chapter } = ref;
    let verse = ref.verse;
    if (verse !== undefined && numbering === 'hebrew')
      ({ book, chapter, verse } = hebrewToKjv(book, chapter, verse));
    if (verse !== undefined && verse > 0 && kjv.hasVerse(book, chapter, verse))
      return `/verses/KJV:${book}.${chapter}.${verse}`;
    // A chapter reference, a Psalm title (verse 0), or a verse the KJV lacks: the chapter, if it has it.
    return kjv.hasChapter(book, chapter) ? `/chapters/KJV:${book}.${chapter}` : null;
  };
}
