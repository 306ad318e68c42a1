/**
 * Importer `osis`: any OSIS XML Bible, read with fast-xml-parser (preserveOrder, so mixed content
 * stays in document order). Adding another OSIS translation is configuration in data/versions.json:
 *
 *   "source": { "format": "osis", "command": ["mod2osis", "<SWORD module>"] }   (stdout is OSIS)
 *   "source": { "format": "osis", "path": "/path/or/node_modules-relative/file.osis.xml" }
 *   optional: "bookMap": { "<source book id>": "<OSIS id>" } for sources with non-OSIS book ids
 *
 * What is kept: verse text (container `<verse osisID>` or `<verse sID>`/`<verse eID>` milestones;
 * an osisID list "Gen.1.1 Gen.1.2" is one merged record), the text inside `<w>` (Strong's wrappers
 * dropped), `<transChange type="added">` as supplied words, `<q who="Jesus">` as words of Jesus,
 * canonical titles (`<title canonical="true">`, `type="psalm"`) as the verse's title.
 * Options for sources that write titles as plain text (the RV1909, see ../apart.ts):
 * `psalmTitlesBeforeOpeningCapitals` (a Psalm's verse 1 text before the chapter's opening capitals is
 * its title) and `acrosticHeadings` (Psalm 119's `ALEPH.` … at the start of a stanza is a title);
 * `suppliedEnclitics` (Spanish: `sáca<transChange>lo</transChange>` is one word, SUPPLIED_ENCLITIC).
 * Paragraph starts (`<div type="x-p" sID>`, `<p>`, `<lb type="x-p">`) before a verse's first word
 * mark that verse as starting a paragraph.
 * Notes (`<note>`: footnotes, cross-reference notes) leave the text (spacing repaired, see ir.ts)
 * and are kept as the verse's `notes`, each at the place it stood (../footnotes/ serves them).
 * What is dropped: non-canonical
 * titles (section headings), `<speaker>` labels, the header, and everything after a book's end
 * milestone inside a verse (mod2osis appends the WEB glossary inside Rev 22:21).
 * Poetry milestones (`<l>`, `<lg>`, `<lb>`) become spaces.
 */
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { acrosticHeadingsInText, psalmTitlesBeforeOpeningCapitals } from '../apart';
import {
  codePointLength,
  normalizeTokens,
  tokensText,
  type NoteIR,
  type RawToken,
  type TextToken,
  type VerseIR,
  type VersionIR,
} from '../ir';
import { resolveSourcePath } from '../paths';
import { cachedReading } from '../readings-cache';
import { readCommandSource } from './command-source';
import { OSIS_XML_OPTIONS, parseOsisXml, type XNode } from './osis-xml';
import {
  mapBook,
  SourceUnavailableError,
  VersionCollector,
  type ImportContext,
  type Importer,
} from './types';

const ATTR = ':@';
const TEXT = '#text';

/** Elements whose whole content is not verse text. */
const SKIP = new Set([
  'note',
  'header',
  'speaker',
  'catchWord',
  'figure',
  'index',
  'milestone',
  'reference-note',
]);
/** Milestone-like elements that separate words. */
const SPACE = new Set(['l', 'lg', 'lb', 'br']);

export async function readOsisSource(
  source: { path?: string; command?: string[] },
  ctx: Pick<ImportContext, 'log' | 'version'>,
): Promise<string> {
  if (source.command?.length) return readCommandSource(source.command, ctx.log);
  if (source.path) {
    // A package's file, one in the repository or in node_modules (../paths.ts resolveSourcePath).
    const file = resolveSourcePath(source.path, (m) => new SourceUnavailableError(m));
    return readFileSync(file, 'utf8');
  }
  throw new Error(`${ctx.version}: osis source needs "command" or "path"`);
}

function tagOf(node: XNode): string {
  for (const k of Object.keys(node)) if (k !== ATTR) return k;
  return '';
}

export interface OsisOptions {
  /** Spanish sources: a supplied enclitic pronoun written joined to its verb stays joined (SUPPLIED_ENCLITIC). */
  suppliedEnclitics?: boolean;
}

export function parseOsisVerses(
  xml: string,
  ctx: ImportContext,
  bookMap?: Record<string, string>,
  opts: OsisOptions = {},
) {
  const started = Date.now();
  // The markup OSIS sources use is read by ./osis-xml.ts, into the tree fast-xml-parser makes of
  // it with these options; a document with other markup by fast-xml-parser itself.
  const doc = parseOsisXml(xml) ?? (new XMLParser(OSIS_XML_OPTIONS).parse(xml) as XNode[]);
  ctx.log(`  parsed OSIS in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const out = new VersionCollector();
  // Reading state.
  let verse: {
    ir: VerseIR;
    raw: RawToken[];
    title: RawToken[];
    hasText: boolean;
    ended: boolean;
    notes: NoteIR[];
  } | null = null;
  let pendingPara = false;
  let pendingTitle: RawToken[] = [];
  let pendingTitleNotes: NoteIR[] = [];
  let notes = 0;
  let add = 0;
  let wj = 0;
  let wjMilestone = false;
  let titleDepth = 0;
  let enclitics = 0;

  const startVerse = (osisID: string) => {
    endVerse();
    const ids = osisID.trim().split(/\s+/);
    const first = /^(.+)\.(\d+)\.(\d+)$/.exec(ids[0]);
    const last = /^(.+)\.(\d+)\.(\d+)$/.exec(ids[ids.length - 1]);
    if (!first || !last) throw new Error(`${ctx.version}: unexpected verse osisID "${osisID}"`);
    const ir: VerseIR = { verse: Number(first[3]), para: false, tokens: [] };
    if (last[3] !== first[3]) ir.lastverse = Number(last[3]);
    out.chapter(mapBook(ctx, first[1], bookMap), Number(first[2])).verses.push(ir);
    verse = {
      ir,
      raw: [],
      title: pendingTitle,
      hasText: false,
      ended: false,
      notes: pendingTitleNotes,
    };
    pendingTitle = [];
    pendingTitleNotes = [];
  };
  const endVerse = () => {
    if (!verse) return;
    verse.ir.tokens = normalizeTokens(verse.raw);
    if (verse.title.length) {
      const t = normalizeTokens(verse.title);
      if (t.length) verse.ir.title = t;
    }
    if (verse.notes.length) verse.ir.notes = verse.notes;
    verse = null;
  };
  const emit = (tok: RawToken) => {
    if (titleDepth > 0) {
      if (verse && !verse.ended) verse.title.push(tok);
      else if (!verse) pendingTitle.push(tok);
      return;
    }
    if (!verse || verse.ended) return;
    if ('text' in tok && /\S/.test(tok.text)) {
      if (!verse.hasText) {
        if (pendingPara) verse.ir.para = true;
        verse.hasText = true;
      }
      pendingPara = false; // a paragraph start after the first word of a verse is not representable
    }
    verse.raw.push(tok);
  };
  const paraStart = () => {
    pendingPara = true;
  };

  /** The raw tokens being written (a verse's text or title; null where emit drops text). */
  const current = (): RawToken[] | null => {
    if (titleDepth > 0) return verse ? (verse.ended ? null : verse.title) : pendingTitle;
    return verse && !verse.ended ? verse.raw : null;
  };

  const walk = (nodes: XNode[]) => {
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i];
      if (TEXT in node) {
        const text = String(node[TEXT]);
        if (text.length)
          emit({
            text,
            ...(add > 0 ? { add: true } : {}),
            ...(wj > 0 || wjMilestone ? { wj: true } : {}),
          } as TextToken);
        continue;
      }
      const tag = tagOf(node);
      const attrs = node[ATTR] ?? {};
      const children = (node[tag] as XNode[] | undefined) ?? [];
      switch (tag) {
        case 'verse':
          if (attrs.osisID && !attrs.eID) {
            startVerse(attrs.osisID);
            if (children.length) {
              walk(children);
              endVerse();
            }
          } else if (attrs.eID) endVerse();
          continue;
        case 'note': {
          const raw = current();
          const text = raw ? noteText(children) : '';
          if (raw && text) {
            const inTitle = titleDepth > 0;
            (verse ? verse.notes : pendingTitleNotes).push({
              in: inTitle ? 'title' : 'text',
              // The note follows what is written so far, as the verse's final text will read it.
              offset: codePointLength(tokensText(normalizeTokens(raw))),
              text,
              ...(attrs.type === 'crossReference' ? { kind: 'cross-reference' as const } : {}),
            });
            notes++;
          }
          if (titleDepth > 0) (verse ? verse.title : pendingTitle).push({ gap: 'soft' });
          else if (verse) verse.raw.push({ gap: 'soft' });
          continue;
        }
        case 'title': {
          const canonical =
            attrs.canonical === 'true' || attrs.type === 'psalm' || attrs.type === 'acrostic';
          if (!canonical) continue;
          titleDepth++;
          walk(children);
          titleDepth--;
          continue;
        }
        case 'div':
          if (attrs.type === 'x-p' || attrs.type === 'paragraph') {
            if (attrs.sID || children.length) paraStart();
            walk(children);
          } else if (attrs.type === 'book' && attrs.eID) {
            if (verse) verse.ended = true; // anything after a book's end inside its last verse is not its text
          } else if (attrs.type === 'glossary' || attrs.type === 'introduction') {
            if (verse) verse.ended = true;
          } else walk(children);
          continue;
        case 'p':
          paraStart();
          walk(children);
          continue;
        case 'lb':
          if (attrs.type === 'x-p') paraStart();
          emit({ gap: 'space' });
          continue;
        case 'transChange': {
          // Supplied words are whole words: spa RV1909 writes `<transChange>que es</transChange><w>Ramat</w>`
          // with no space between, so each edge is a soft gap (a space only where words would glue).
          // Except a supplied enclitic pronoun that the source writes joined to the word before it
          // and apart from the word after it: `<w>sáca</w><transChange>lo</transChange> <w>de</w>`
          // is one word, sácalo, its `lo` supplied (see SUPPLIED_ENCLITIC).
          const enclitic =
            !!opts.suppliedEnclitics &&
            attrs.type === 'added' &&
            joinsWordBefore(current(), children, nodes[i + 1]);
          if (enclitic) enclitics++;
          else emit({ gap: 'soft' });
          if (attrs.type === 'added') add++;
          walk(children);
          if (attrs.type === 'added') add--;
          emit({ gap: 'soft' });
          continue;
        }
        case 'q':
          if (attrs.who === 'Jesus') {
            if (attrs.sID) wjMilestone = true;
            else if (attrs.eID) {
              wjMilestone = false;
              emit({ gap: 'soft' });
            } else {
              wj++;
              walk(children);
              wj--;
            }
          } else walk(children);
          if (children.length) emit({ gap: 'soft' }); // the source sometimes lacks the space after </q>
          continue;
        default:
          if (SKIP.has(tag)) continue;
          if (SPACE.has(tag)) {
            emit({ gap: 'space' });
            walk(children);
            if (children.length) emit({ gap: 'space' });
            continue;
          }
          walk(children);
      }
    }
  };
  walk(doc);
  endVerse();
  if (enclitics)
    ctx.log(`  ${enclitics} supplied enclitic pronouns joined to the word before them`);
  if (notes) ctx.log(`  ${notes} translators' notes kept at their places`);
  return out.ir;
}

/** A note's words: its text without the reference it repeats (`<reference type="annotateRef">1:1</reference>`). */
function noteText(children: XNode[]): string {
  const parts: string[] = [];
  const collect = (nodes: XNode[]) => {
    for (const node of nodes) {
      if (TEXT in node) {
        parts.push(String(node[TEXT]));
        continue;
      }
      const tag = tagOf(node);
      if (tag === 'reference' && node[ATTR]?.type === 'annotateRef') continue;
      collect((node[tag] as XNode[] | undefined) ?? []);
      // Poetry lines and breaks inside a note separate words, as in the text.
      if (SPACE.has(tag)) parts.push(' ');
    }
  };
  collect(children);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * Enclitic pronouns (Spanish), alone or combined (`lo`, `le`, `nos`, `melo`, `selo`): when the
 * source writes one as a supplied word right after a word, with no space, and apart from what
 * follows, it is the end of that word (`Júrame<transChange>lo</transChange> en este día`,
 * `desatad<transChange>la</transChange>,`). Where the source lacks a space on one side only by
 * mistake, data/source-fixes.json adds it, with the reason.
 */
const SUPPLIED_ENCLITIC = /^(?:me|te|se|nos|os|lo|la|le|los|las|les)+$/;

function joinsWordBefore(
  before: RawToken[] | null,
  children: XNode[],
  next: XNode | undefined,
): boolean {
  const last = before?.[before.length - 1];
  if (!last || 'gap' in last || !/\p{L}$/u.test(last.text)) return false;
  if (
    children.length !== 1 ||
    !(TEXT in children[0]) ||
    !SUPPLIED_ENCLITIC.test(String(children[0][TEXT]))
  )
    return false;
  // What follows must not be a letter: whitespace, punctuation, a closing element or nothing.
  if (!next) return true;
  if (TEXT in next) return !/^[\p{L}\p{M}]/u.test(String(next[TEXT]));
  return !['w', 'transChange', 'q', 'seg', 'divineName', 'name', 'foreign', 'hi'].includes(
    tagOf(next),
  );
}

/** The log line of the parse's time, not told again for a kept parse. */
const PARSE_TIME = /^ {2}parsed OSIS in /;

/**
 * The parse of a whole OSIS document (the WEB's took 8 s of the test fixture's build, the RV1909's
 * 4.5 s) kept in the build cache (../readings-cache.ts), keyed by the document as corrected, the
 * options and the build's code, so that the next build of the same source on the machine, in any
 * clone (`npm test` after `npm run dev`, or a fresh clone), reads it back; the lines the parse
 * logged are told again.
 */
function keptParse(
  xml: string,
  ctx: ImportContext,
  bookMap: Record<string, string> | undefined,
  opts: OsisOptions,
): VersionIR {
  let kept = false;
  const reading = cachedReading(
    `osis-version-${ctx.version}`,
    () => {
      const told: string[] = [];
      const log = (m: string) => {
        told.push(m);
        ctx.log(m);
      };
      return { ir: parseOsisVerses(xml, { ...ctx, log }, bookMap, opts), told };
    },
    () => {
      kept = true;
      ctx.log('  the OSIS parse kept from an earlier build of the same document and code');
    },
    undefined,
    [],
    `${JSON.stringify({ bookMap, opts })}\0${xml}`,
  );
  if (kept) for (const m of reading.told) if (!PARSE_TIME.test(m)) ctx.log(m);
  return reading.ir;
}

export const importOsis: Importer = async (source, ctx) => {
  // Corrections of OSIS sources apply to the whole document (keyed by any id), so each `from` must
  // occur exactly once in the document (corrections.ts).
  let xml = await readOsisSource(source, ctx);
  for (const id of ctx.corrections.ids()) xml = ctx.corrections.apply(id, xml);
  const ir = keptParse(xml, ctx, source.bookMap as Record<string, string> | undefined, {
    suppliedEnclitics: source.suppliedEnclitics === true,
  });
  if (source.psalmTitlesBeforeOpeningCapitals)
    ctx.log(
      `  ${psalmTitlesBeforeOpeningCapitals(ir)} Psalm titles set apart from the text of verse 1`,
    );
  if (source.acrosticHeadings)
    ctx.log(`  ${acrosticHeadingsInText(ir)} Psalm 119 acrostic headings set apart`);
  return ir;
};
