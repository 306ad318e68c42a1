/**
 * Abbott-Smith's Manual Greek Lexicon of the New Testament (1922) in the TEI of the Abbott-Smith
 * project (abbott-smith/abbott-smith.tei_lemma.xml): `<entry lemma="ἀγαπάω" strong="G25">` with
 * `<form>`, `<etym>`, `<sense n>` (nested) and `<re>` (synonyms). Each entry with a Strong's
 * number becomes the safe HTML subset (./html.ts) under that number.
 *
 * The `strong` attribute is mostly one number (`G25`); some are padded with the project's own
 * letter for a second word under one number (`G0901a`: filed under G901) or list several
 * (`G2036|G2046|G3004|G4483`: λέγω, whose other tenses Strong numbers apart, εἶπον, ἐρέω, ῥέω: filed under each). A `<superEntry>` groups
 * two entries (γαμίζω, γαμίσκω); its entries carry their own numbers and are read as entries.
 */
import { readFileSync } from 'node:fs';
import { normalizeStrongs } from '../../../../src/snapshot/strongs';
import { foreign, type FullerEntry } from './bdb';
import { layoutBlocks, type BlockRules } from './blocks';
import { lexiconFile } from './dir';
import { el, link, renderHtml, span, tidy, type Html } from './html';
import { kjvVerses } from './kjv-verses';
import { refLinker, type RefLinker } from './refs';
import { descendants, firstChild, parseXml, squeeze, textContent, type XmlNode } from './xml';

export interface AbbottSmith {
  /** `G25` → its Abbott-Smith entries. */
  byStrongs: Map<string, FullerEntry[]>;
  /** Entries read (with or without a number), those with a number, and those cut at the size cap. */
  entries: number;
  numbered: number;
  truncated: number;
  /** Verse references: linked, or left as text (books outside the KJV, the Septuagint's numbering). */
  refs: { linked: number; unlinked: number };
}

/** Reads the lexicon. */
export function readAbbottSmith(file = lexiconFile('abbottSmith'), maxBytes?: number): AbbottSmith {
  const root = parseXml(readFileSync(file, 'utf8'));
  const body = firstChild(firstChild(root, 'text') ?? root, 'body');
  if (!body) throw new Error(`${file}: no <text><body>`);
  const all = [...descendants(body, 'entry')];
  // Lemma → number, for the cross references that name a word (`<ref><foreign>φιλέω</foreign></ref>`).
  const lemmas = new Map<string, string>();
  for (const entry of all) {
    const number = numbersOf(entry.attrs.strong)[0];
    const lemma = entry.attrs.lemma && greekNfc(entry.attrs.lemma);
    if (lemma && number && !lemmas.has(lemma)) lemmas.set(lemma, number);
  }
  const linker = refLinker(kjvVerses(), (book, chapter, verse) => ({ book, chapter, verse }));
  const refs = { linked: 0, unlinked: 0 };
  const rules = abbottSmithRules({ lemmas, linker, refs });
  const byStrongs = new Map<string, FullerEntry[]>();
  const ids = new Map<string, number>();
  let numbered = 0;
  let truncated = 0;
  for (const entry of all) {
    const numbers = numbersOf(entry.attrs.strong);
    if (!numbers.length) continue;
    numbered++;
    const headword = greekNfc(
      entry.attrs.lemma ?? squeeze(textContent(firstChild(entry, 'form') ?? entry)),
    );
    // The lemma is the file's key; the few lemmas that are there twice get `#2`.
    const seen = (ids.get(headword) ?? 0) + 1;
    ids.set(headword, seen);
    const { html, truncated: cut } = renderHtml(
      tidy(layoutBlocks(entry.children, rules)),
      maxBytes,
    );
    if (cut) truncated++;
    const fuller: FullerEntry = {
      source: 'Abbott-Smith',
      id: seen === 1 ? headword : `${headword}#${seen}`,
      headword,
      html,
    };
    for (const base of new Set(numbers.map((n) => n.replace(/[a-z]$/, ''))))
      byStrongs.set(base, [...(byStrongs.get(base) ?? []), fuller]);
  }
  return { byStrongs, entries: all.length, numbered, truncated, refs };
}

/** `G0901a|G25` → `['G901a', 'G25']` (Greek numbers only). */
function numbersOf(attr: string | undefined): string[] {
  return (attr ?? '')
    .split('|')
    .map((n) => normalizeStrongs(n))
    .filter((n): n is string => n !== null && n.startsWith('G'));
}

/**
 * Greek in one Unicode form (NFC): a few words write the accent as oxia (U+1F71 ά) where the rest
 * write tonos (U+03AC ά), the same letter to a reader but not to a comparison. Hebrew is left as
 * written: NFC reorders its points, and the pointing is the source's.
 */
export const greekNfc = (text: string): string =>
  /[\u0590-\u05ff]/.test(text) ? text : text.normalize('NFC');

interface Context {
  lemmas: Map<string, string>;
  linker: RefLinker;
  refs: { linked: number; unlinked: number };
}

// Superscript and subscript in the print (`459ᵃ`, `Si₉` for "nine times in Sirach"): the subset
// has no tag for them, so they become the Unicode characters where there is one.
const SUP: Record<string, string> = {
  0: '⁰',
  1: '¹',
  2: '²',
  3: '³',
  4: '⁴',
  5: '⁵',
  6: '⁶',
  7: '⁷',
  8: '⁸',
  9: '⁹',
  a: 'ᵃ',
  b: 'ᵇ',
  c: 'ᶜ',
  d: 'ᵈ',
  e: 'ᵉ',
};
const SUB: Record<string, string> = {
  0: '₀',
  1: '₁',
  2: '₂',
  3: '₃',
  4: '₄',
  5: '₅',
  6: '₆',
  7: '₇',
  8: '₈',
  9: '₉',
  n: 'ₙ',
};

function raised(text: string, rend: string | undefined): string {
  const table =
    rend === 'superscript' ? SUP : rend === 'subscript' || rend === 'sub' ? SUB : undefined;
  const chars = [...text];
  return table && chars.every((c) => table[c]) ? chars.map((c) => table[c]).join('') : text;
}

/** How Abbott-Smith's elements read in the subset. */
function abbottSmithRules(ctx: Context): BlockRules {
  const inline = (node: XmlNode): Html[] => {
    if (typeof node === 'string') return [greekNfc(node)];
    const inner = () => node.children.flatMap(inline);
    switch (node.name) {
      case 'orth':
        return [el('b', [span('grc', inner())])];
      case 'gloss':
        return [el('b', inner())];
      case 'emph':
      case 'gramGrp':
      case 'grmGrp':
        return [el('i', inner())];
      case 'foreign': {
        const lang = node.attrs['xml:lang'] ?? '';
        const word = foreign(lang, inner());
        const cited = lang === 'heb' && node.attrs.n ? normalizeStrongs(node.attrs.n) : null;
        return [cited?.startsWith('H') ? link(`/strongs/${cited}`, [word]) : word];
      }
      case 'ref':
        return crossReference(node.attrs, node.children, inner(), ctx);
      case 'hi':
        return [raised(textContent(node), node.attrs.rend)];
      case 'lb':
        return [' '];
      case 'note': // the number of NT occurrences, a transcriber's remark: the project's, not the lexicon's
      case 'pb':
        return [];
      default:
        return inner();
    }
  };
  return { inline, skip: new Set(['note', 'pb']), apart: new Set(['form', 'etym', 're']) };
}

/**
 * `<ref osisRef="Matt.5.43">` → a verse link; `<ref target="#ἀγαθοποιός">` or a bare `<ref>` around
 * a Greek word → the word's Strong's entry when Abbott-Smith has the word with a number.
 */
function crossReference(
  attrs: Record<string, string>,
  children: XmlNode[],
  inner: Html[],
  ctx: Context,
): Html[] {
  if (attrs.osisRef !== undefined) {
    const href = ctx.linker(attrs.osisRef, 'kjv');
    if (href) ctx.refs.linked++;
    else ctx.refs.unlinked++;
    return href ? [link(href, inner)] : inner;
  }
  const word = greekNfc(
    (attrs.target ?? children.map(textContent).join('')).replace(/^#/, '').replace(/-/g, '').trim(),
  );
  const number = ctx.lemmas.get(word);
  return number ? [link(`/strongs/${number.replace(/[a-z]$/, '')}`, inner)] : inner;
}
