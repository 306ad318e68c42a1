import gapsData from '../../data/versification-gaps.json';
import marginData from '../../data/margin-verses.json';
import versificationData from '../../data/versification-map.json';
import { escapeText } from '../render/xml';
import { verseId } from './ids';
import { lastVerse } from './navigation';
import { findBook, type Catalogue } from './store';
import {
  mappedVerses,
  slotDisplacement,
  versionMap,
  type VersificationMap,
  type VersionMap,
} from './versification';
import { verseReference } from './names';
import type { BookEntry, VerseEntry } from '../snapshot/types';

/**
 * Verse slots a version leaves empty (docs/search.md "Empty slots"). A version's
 * numbering may lack a verse the KJV has (the RV1909 prints the KJV's Jonah 1:17 as Jonás 2:1;
 * the WEB leaves Acts 8:37 to a footnote). A request for such a slot never answers an empty 200:
 * it answers with the verse that holds that text when data/versification-map.json says which, and
 * otherwise with a 404 whose message gives the reason from data/versification-gaps.json.
 * Both files are bundled (a few KiB); the maps are built once per isolate.
 */

const MAP = versificationData as VersificationMap;
type Reasons = { versions: Record<string, Record<string, string>> };
/** Why a slot is empty: the versification gaps, and the verses an edition prints as margin notes. */
const GAPS = (gapsData as Reasons).versions;
const MARGIN = (marginData as Reasons).versions;
const maps = new Map<string, VersionMap>();

/** A version's verse map (an unlisted version has none: KJV numbering). */
export function versionMapOf(version: string): VersionMap {
  let map = maps.get(version);
  if (!map) {
    map = versionMap(MAP.versions[version]);
    maps.set(version, map);
  }
  return map;
}

/** Per book, the largest slotDisplacement of any version's map (built once per isolate). */
let displacements: Map<string, number> | undefined;

/**
 * How far, in chapter × 1000 + verse, any version's numbering puts a verse of `book` (OSIS) from
 * its KJV slot: 0 where every version numbers the book as the KJV does.
 */
export function maxSlotDisplacement(book: string): number {
  if (!displacements) {
    displacements = new Map();
    for (const version of Object.keys(MAP.versions)) {
      for (const [b, d] of slotDisplacement(versionMapOf(version)))
        displacements.set(b, Math.max(displacements.get(b) ?? 0, d));
    }
  }
  return displacements.get(book) ?? 0;
}

/** Per book, the versions whose map moves a verse of it (built once per isolate). */
let movers: Map<string, string[]> | undefined;

/**
 * The versions whose numbering of `book` (OSIS) is not the KJV's somewhere: their map moves one of
 * its verses (within the book or out of it). A reference of any other version on the book is in
 * KJV slots already.
 */
export function versionsMovingVersesOf(book: string): readonly string[] {
  if (!movers) {
    movers = new Map();
    for (const version of Object.keys(MAP.versions)) {
      for (const b of slotDisplacement(versionMapOf(version)).keys()) {
        const list = movers.get(b);
        if (list) list.push(version);
        else movers.set(b, [version]);
      }
    }
  }
  return movers.get(book) ?? [];
}

/** Whether the book has no verse `verse` in `chapter` (beyond the chapter's end, or a listed gap). */
export function lacksVerse(book: BookEntry, chapter: number, verse: number): boolean {
  if (chapter < 1 || chapter > book.chapters.length) return false;
  return verse > lastVerse(book, chapter) || (book.missing?.[chapter]?.includes(verse) ?? false);
}

export type EmptySlot = { heldBy: { chapter: number; verse: number } } | { reason: string };

/**
 * What to say of a slot the version lacks: the version's verse that holds the KJV slot's text
 * (by the map), else the reason the gaps file gives, else that the chapter is shorter.
 */
export function emptySlot(book: BookEntry, chapter: number, verse: number): EmptySlot {
  const [heldBy] = mappedVerses(versionMapOf(book.version), book.osis, chapter, verse);
  if (heldBy) return { heldBy };
  const reason = listedReason(book, chapter, verse);
  if (reason) return { reason };
  return { reason: `chapter ${chapter} has ${lastVerse(book, chapter)} verses in this version` };
}

/** The reason the gaps file or the margin verses give for an empty slot, if they list it. */
function listedReason(book: BookEntry, chapter: number, verse: number): string | undefined {
  const id = `${book.osis}.${chapter}.${verse}`;
  return GAPS[book.version]?.[id] ?? MARGIN[book.version]?.[id];
}

/** The sentence that explains an empty slot (in 404 messages and passage notes). */
export function emptySlotMessage(book: BookEntry, chapter: number, verse: number): string {
  const slot = emptySlot(book, chapter, verse);
  const asked = `${book.version} has no verse ${verseReference(book, chapter, verse)}`;
  if ('heldBy' in slot) {
    const { chapter: c, verse: v } = slot.heldBy;
    return `${asked} in its numbering: that text is ${verseReference(book, c, v)} (${verseId(book, c, v)})`;
  }
  return `${asked}: ${slot.reason}`;
}

/** The version whose verse numbering is the pivot: data/versification-map.json maps to its slots. */
export const PIVOT_VERSION = 'KJV';

/** A slot the version leaves empty, listed among its chapter's verses: `html` says why. */
export type SlotEntry = VerseEntry & { empty: string };

/** Per version, the listed empty slots of each chapter (`Book.C` → verses), built once per isolate. */
const listed = new Map<string, Map<string, number[]>>();

function listedSlots(version: string, osis: string, chapter: number): number[] {
  let byChapter = listed.get(version);
  if (!byChapter) {
    byChapter = new Map();
    for (const id of [...Object.keys(GAPS[version] ?? {}), ...Object.keys(MARGIN[version] ?? {})]) {
      const m = /^(.+\.\d+)\.(\d+)$/.exec(id);
      if (!m) continue;
      byChapter.set(m[1]!, [...(byChapter.get(m[1]!) ?? []), Number(m[2])]);
    }
    listed.set(version, byChapter);
  }
  return byChapter.get(`${osis}.${chapter}`) ?? [];
}

/**
 * The chapter's verses with the slots it leaves empty where they stand, each saying why (the
 * reason data/versification-gaps.json or data/margin-verses.json gives, which a request for the
 * slot answers with): those below its last verse (BookEntry.missing: the SBLGNT's Matthew 17:21,
 * John 8:1-11) and those after it that the KJV numbers (its John 7:53, Romans 16:25-27). A slot
 * whose text another verse holds (the map's) is not empty but renumbered, and is not shown; nor
 * is a slot the KJV lacks (the WEB's 3 John 1:15), nor one no file lists (a fixture's verses).
 * What the chapter's text, its page and its verse list show, so that a reader of the chapter sees
 * the slot and the reason, as the version's description promises.
 */
export function withEmptySlots(
  cat: Catalogue,
  book: BookEntry,
  chapter: number,
  verses: VerseEntry[],
): (VerseEntry | SlotEntry)[] {
  const last = lastVerse(book, chapter);
  const pivot = findBook(cat, PIVOT_VERSION, book.osis);
  const pivotLast = pivot === undefined ? 0 : (cat.books[pivot]?.chapters[chapter - 1] ?? 0);
  const candidates = [
    ...(book.missing?.[chapter] ?? []),
    ...listedSlots(book.version, book.osis, chapter).filter((v) => v > last && v <= pivotLast),
  ];
  if (!candidates.length) return verses;
  const slots: SlotEntry[] = [];
  const map = versionMapOf(book.version);
  for (const verse of new Set(candidates)) {
    const reason = listedReason(book, chapter, verse);
    if (reason && !mappedVerses(map, book.osis, chapter, verse).length)
      slots.push(slotEntry(book, chapter, verse, reason));
  }
  return [...verses, ...slots].sort((a, b) => a.verse - b.verse);
}

/**
 * An empty slot as a verse entry: its number and its reason in the verse markup
 * (`<span class="v40_17_21 empty">`, the reason in English in `<span class="empty-slot">`).
 */
function slotEntry(book: BookEntry, chapter: number, verse: number, reason: string): SlotEntry {
  const cls = `v${book.number}_${chapter}_${verse}`;
  return {
    verse,
    lastverse: verse,
    label: '',
    html: `<span class="${cls} empty"><sup class="${cls}">${verse}</sup><span class="empty-slot" lang="en">${escapeText(reason)}</span></span>`,
    empty: reason,
  };
}
