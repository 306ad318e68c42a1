/**
 * The OSIS document `mod2osis <module>` prints, made from `mod2imp <module>`'s entries instead: for
 * a module whose source is OSIS (its `.conf` says `SourceType=OSIS`), mod2osis writes each verse's
 * raw entry as it is, inside a fixed frame of header, testament, book and chapter elements, and
 * mod2imp prints the same raw entries at a quarter of the CPU: the KJV's, the WEB's and the
 * RV1909's modules took 3.7, 7.7 and 4.5 s of a core with mod2osis, 1.1, 1.8 and 1.4 s with
 * mod2imp (7 December 2026, the 2-core build machine under load). For those three modules the
 * document made here was mod2osis's byte for byte, and the snapshot built from it has the same id
 * (docs/speed.md "The first npm run dev"); test/node/sword-osis.test.ts holds the frame and the
 * rules on a made-up module.
 *
 * What mod2osis does, and this does the same:
 * - it skips the module's and testaments' headings and the books' and chapters' introductions;
 * - it skips an entry whose rendered text is empty: an empty entry, or one of end milestones alone
 *   (`<chapter eID/>`, a paragraph's end), which render to nothing (`renderedEmpty`);
 * - it opens a testament, a book and a chapter at the first verse written in them, and names them
 *   by their OSIS ids.
 * An entry of a book this table does not name, or one without text whose rendering it cannot
 * tell, makes the caller run mod2osis itself (null): no module is read differently from mod2osis.
 */
import type { Canon } from '../canon';

/** SWORD's English book names (mod2imp's keys) → OSIS ids: the names its versifications use. */
const SWORD_BOOKS: Record<string, string> = {
  Genesis: 'Gen',
  Exodus: 'Exod',
  Leviticus: 'Lev',
  Numbers: 'Num',
  Deuteronomy: 'Deut',
  Joshua: 'Josh',
  Judges: 'Judg',
  Ruth: 'Ruth',
  'I Samuel': '1Sam',
  'II Samuel': '2Sam',
  'I Kings': '1Kgs',
  'II Kings': '2Kgs',
  'I Chronicles': '1Chr',
  'II Chronicles': '2Chr',
  Ezra: 'Ezra',
  Nehemiah: 'Neh',
  Esther: 'Esth',
  Job: 'Job',
  Psalms: 'Ps',
  Proverbs: 'Prov',
  Ecclesiastes: 'Eccl',
  'Song of Solomon': 'Song',
  Isaiah: 'Isa',
  Jeremiah: 'Jer',
  Lamentations: 'Lam',
  Ezekiel: 'Ezek',
  Daniel: 'Dan',
  Hosea: 'Hos',
  Joel: 'Joel',
  Amos: 'Amos',
  Obadiah: 'Obad',
  Jonah: 'Jonah',
  Micah: 'Mic',
  Nahum: 'Nah',
  Habakkuk: 'Hab',
  Zephaniah: 'Zeph',
  Haggai: 'Hag',
  Zechariah: 'Zech',
  Malachi: 'Mal',
  Tobit: 'Tob',
  Judith: 'Jdt',
  'Esther (Greek)': 'EsthGr',
  Wisdom: 'Wis',
  Sirach: 'Sir',
  Baruch: 'Bar',
  'Prayer of Azariah': 'PrAzar',
  Susanna: 'Sus',
  'Bel and the Dragon': 'Bel',
  'I Maccabees': '1Macc',
  'II Maccabees': '2Macc',
  'I Esdras': '1Esd',
  'Prayer of Manasses': 'PrMan',
  'Additional Psalm': 'AddPs',
  'III Maccabees': '3Macc',
  'II Esdras': '2Esd',
  'IV Maccabees': '4Macc',
  Matthew: 'Matt',
  Mark: 'Mark',
  Luke: 'Luke',
  John: 'John',
  Acts: 'Acts',
  Romans: 'Rom',
  'I Corinthians': '1Cor',
  'II Corinthians': '2Cor',
  Galatians: 'Gal',
  Ephesians: 'Eph',
  Philippians: 'Phil',
  Colossians: 'Col',
  'I Thessalonians': '1Thess',
  'II Thessalonians': '2Thess',
  'I Timothy': '1Tim',
  'II Timothy': '2Tim',
  Titus: 'Titus',
  Philemon: 'Phlm',
  Hebrews: 'Heb',
  James: 'Jas',
  'I Peter': '1Pet',
  'II Peter': '2Pet',
  'I John': '1John',
  'II John': '2John',
  'III John': '3John',
  Jude: 'Jude',
  'Revelation of John': 'Rev',
};

/** The `.conf` values mod2osis writes into the document's frame. */
export interface SwordModuleInfo {
  name: string;
  description: string;
  /** `Lang=`; no `xml:lang` when empty. */
  lang: string;
  /** `Encoding=`, UTF-8 when the conf says none. */
  encoding: string;
}

/** End milestones that SWORD's OSIS rendering writes nothing for. */
const SILENT_END = /^<(?:chapter|div|verse)\s[^<>]*\beID="[^"]*"[^<>]*\/>$/;

/**
 * Whether SWORD renders the entry as nothing (mod2osis then skips it): true for an empty entry or
 * one of end milestones of chapters, verses and divisions alone (the RV1909 holds eleven), false
 * for one with anything outside its tags, white space too (the RV1909's 2 Cor 13:14, end
 * milestones and a space, is written); null for other markup alone, whose rendering this does not
 * know.
 */
function renderedEmpty(raw: string): boolean | null {
  if (hasText(raw)) return false;
  const tags = raw.match(/<[^<>]*>/g) ?? [];
  if (tags.join('') !== raw) return false;
  return tags.every((tag) => SILENT_END.test(tag) && !/\btype="book"/.test(tag)) ? true : null;
}

/** Whether the entry has a character other than white space outside its tags. */
function hasText(raw: string): boolean {
  let inTag = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (inTag)
      inTag = c !== 62; // >
    else if (c === 60)
      inTag = true; // <
    else if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return true;
  }
  return false;
}

/**
 * mod2osis's document of the module from mod2imp's output (`$$$key` lines, each followed by the
 * raw entry and a newline, and one more newline at the end), or null when it cannot tell what
 * mod2osis writes (an unknown book, an entry of unknown markup alone).
 */
export function osisFromImp(imp: string, info: SwordModuleInfo, canon: Canon): string | null {
  const out: string[] = [
    `<?xml version="1.0" encoding="${info.encoding || 'UTF-8'}" ?>\n\n`,
    '<osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.bibletechnologies.net/2003/OSIS/namespace http://www.bibletechnologies.net/osisCore.2.1.1.xsd">\n\n',
    `<osisText osisIDWork="${info.name}" osisRefWork="defaultReferenceScheme"${info.lang ? ` xml:lang="${info.lang}"` : ''}>\n\n`,
    '\t<header>\n',
    `\t\t<work osisWork="${info.name}">\n`,
    `\t\t\t<title>${info.description}</title>\n`,
    `\t\t\t<identifier type="OSIS">Bible.${info.name}</identifier>\n`,
    '\t\t\t<refSystem>Bible.KJV</refSystem>\n',
    '\t\t</work>\n',
    '\t\t<work osisWork="defaultReferenceScheme">\n',
    '\t\t\t<refSystem>Bible.KJV</refSystem>\n',
    '\t\t</work>\n',
    '\t</header>\n\n',
  ];
  let testament = '';
  let book = '';
  let chapter = -1;
  // Entries start at `$$$` at the start of a line; the last is followed by one more newline.
  const body = imp.endsWith('\n\n') ? imp.slice(0, -1) : imp;
  let at = body.startsWith('$$$') ? 0 : -1;
  while (at >= 0) {
    const next = body.indexOf('\n$$$', at);
    const end = next < 0 ? body.length : next + 1;
    const headEnd = body.indexOf('\n', at);
    const key = body.slice(at + 3, headEnd);
    // The entry without the newline mod2imp writes after it.
    const raw = body.slice(headEnd + 1, end - 1);
    at = next < 0 ? -1 : next + 1;
    const ref = /^(.+) (\d+):(\d+)$/.exec(key);
    // The module's and testaments' headings, and the books' and chapters' introductions.
    if (!ref || ref[2] === '0' || ref[3] === '0') continue;
    const empty = renderedEmpty(raw);
    if (empty === null) return null;
    if (empty) continue;
    const osis = SWORD_BOOKS[ref[1]!];
    const canonBook = osis === undefined ? undefined : canon.byOsis.get(osis);
    if (!osis || !canonBook) return null;
    const thisTestament = canonBook.testament === 'NT' ? 'NT' : 'OT';
    const c = Number(ref[2]);
    const newTestament = thisTestament !== testament;
    if (newTestament) {
      if (chapter >= 0) out.push('\t</chapter>\n');
      if (book) out.push('\t</div>\n');
      if (testament) out.push('\t</div>\n');
      out.push('\t<div type="x-testament">\n');
      testament = thisTestament;
    }
    const newBook = osis !== book || newTestament;
    if (newBook) {
      if (!newTestament) {
        if (chapter >= 0) out.push('\t</chapter>\n');
        if (book) out.push('\t</div>\n');
      }
      out.push(`\t<div type="book" osisID="${osis}">\n\n`);
      book = osis;
    }
    if (c !== chapter || newBook) {
      if (!newBook && chapter >= 0) out.push('\t</chapter>\n');
      out.push(`\t<chapter osisID="${osis}.${c}">\n`);
      chapter = c;
    }
    out.push(`\t\t<verse osisID="${osis}.${c}.${ref[3]}">${raw}</verse>\n\n`);
  }
  if (chapter >= 0) out.push('\t</chapter>\n');
  if (book) out.push('\t</div>\n');
  if (testament) out.push('\t</div>\n');
  out.push('\t</osisText>\n</osis>\n');
  return out.join('');
}
