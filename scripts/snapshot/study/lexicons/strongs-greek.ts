/**
 * Strong's Greek dictionary in Ulrik Sandborg-Petersen's XML (sblgnt/strongsgreek.xml): one
 * `<entry strongs="00025">` per number, G1-G5624, with the headword `<greek unicode translit>`,
 * `<pronunciation strongs>`, `<strongs_derivation>`, `<strongs_def>`, `<kjv_def>` (`:--` and the
 * renderings), `<strongsref>` for a number cited in the text and `<see>` for each number cited.
 * Some entries go on after the KJV renderings ("Compare 5368.", "Often used … in composition"):
 * Strong's prints that text after them, so it ends the definition here. The numbers Strong left
 * unassigned are entries reading "Not Used" (G2717, G3203-G3302): they are gaps, not entries.
 */
import { readFileSync } from 'node:fs';
import { normalizeStrongs } from '../../../../src/snapshot/strongs';
import type { LexiconEntry } from '../types';
import { lexiconFile } from './dir';
import { childElements, firstChild, parseXml, squeeze, type XmlElement, type XmlNode } from './xml';

export interface StrongsGreek {
  /** `G1` … `G5624` → entry (no `fuller`; ./index.ts adds Abbott-Smith). */
  entries: Map<string, LexiconEntry>;
  /** Numbers the file marks "Not Used". */
  unused: string[];
}

/** Reads the dictionary. */
export function readStrongsGreek(file = lexiconFile('strongsGreek')): StrongsGreek {
  const root = parseXml(readFileSync(file, 'utf8'));
  const list = firstChild(root, 'entries');
  if (!list) throw new Error(`${file}: no <entries>`);
  const entries = new Map<string, LexiconEntry>();
  const unused: string[] = [];
  for (const entry of childElements(list, 'entry')) {
    const number = normalizeStrongs(`G${entry.attrs.strongs ?? ''}`);
    if (!number)
      throw new Error(
        `${file}: entry strongs=${JSON.stringify(entry.attrs.strongs)} is not a number`,
      );
    if (entries.has(number) || unused.includes(number)) throw new Error(`${file}: ${number} twice`);
    const head = firstChild(entry, 'greek');
    if (!head) {
      if (!/^\s*Not Used\s*$/.test(childText(entry)))
        throw new Error(`${file}: ${number} has no headword`);
      unused.push(number);
      continue;
    }
    entries.set(number, nfc(readEntry(number, entry, head)));
  }
  return { entries, unused };
}

/**
 * The file writes every accent as oxia (U+1F71 ά), the other Greek sources as tonos (U+03AC ά):
 * NFC makes them one, so that `ἀγαπάω` here is `ἀγαπάω` in Abbott-Smith and in the tagged texts.
 */
function nfc(entry: LexiconEntry): LexiconEntry {
  const out = { ...entry };
  for (const key of [
    'word',
    'transliteration',
    'derivation',
    'definition',
    'kjvRenderings',
  ] as const) {
    const value = out[key];
    if (value !== undefined) out[key] = value.normalize('NFC');
  }
  return out;
}

/** The entry's own text outside its elements (`Not Used`). */
const childText = (el: XmlElement): string =>
  el.children.filter((c): c is string => typeof c === 'string').join('');

const PARTS = new Set(['strongs_derivation', 'strongs_def', 'kjv_def']);

function readEntry(number: string, entry: XmlElement, head: XmlElement): LexiconEntry {
  const part = (name: string) => {
    const el = firstChild(entry, name);
    return el ? plainText(el.children) : '';
  };
  // What follows the parts at the entry's own level is Strong's closing note.
  const children = entry.children;
  const lastPart = children.reduce(
    (at, c, i) => (typeof c !== 'string' && PARTS.has(c.name) ? i : at),
    -1,
  );
  const note =
    lastPart < 0
      ? ''
      : plainText(
          children.slice(lastPart + 1).filter((c) => typeof c === 'string' || c.name !== 'see'),
        );
  let definition = part('strongs_def').replace(/[\s:;,]+$/, '');
  if (definition && note && !/[.!?]$/.test(definition)) definition += '.';
  definition = [definition, note].filter(Boolean).join(' ');
  const derivation = part('strongs_derivation').replace(/[\s:;,]+$/, '');
  const kjvRenderings = part('kjv_def').replace(/^[:\s]*-+\s*/, '');
  const pronunciation = firstChild(entry, 'pronunciation')?.attrs.strongs;
  return {
    number,
    word: head.attrs.unicode ?? '',
    ...(head.attrs.translit ? { transliteration: head.attrs.translit } : {}),
    ...(pronunciation ? { pronunciation } : {}),
    ...(derivation ? { derivation } : {}),
    definition,
    ...(kjvRenderings ? { kjvRenderings } : {}),
    related: citedNumbers(entry, number),
  };
}

/** A cited number: `<strongsref language="HEBREW" strongs="0175"/>` → `H175`. */
function citation(el: XmlElement): string {
  const prefix = el.attrs.language === 'HEBREW' ? 'H' : el.attrs.language === 'GREEK' ? 'G' : '';
  const number = prefix ? normalizeStrongs(prefix + (el.attrs.strongs ?? '')) : null;
  if (!number) throw new Error(`strongsgreek.xml: cited number ${JSON.stringify(el.attrs)}`);
  return number;
}

/** Every number the entry cites (in the text or as `<see>`), in order, once, not itself. */
function citedNumbers(entry: XmlElement, self: string): string[] {
  const out = new Set<string>();
  const walk = (el: XmlElement) => {
    for (const c of el.children) {
      if (typeof c === 'string') continue;
      if (c.name === 'strongsref' || c.name === 'see') out.add(citation(c));
      else walk(c);
    }
  };
  walk(entry);
  out.delete(self);
  return [...out];
}

/**
 * Words as plain text: a cited number as `G427`/`H175`, a Greek word in Greek letters, Latin as
 * written, the pronunciation of a word cited in passing left out.
 */
function plainText(nodes: XmlNode[]): string {
  const text = (node: XmlNode): string => {
    if (typeof node === 'string') return node;
    if (node.name === 'strongsref') return citation(node);
    if (node.name === 'greek') return node.attrs.unicode ?? '';
    if (node.name === 'pronunciation' || node.name === 'see') return '';
    return node.children.map(text).join('');
  };
  return squeeze(nodes.map(text).join(''))
    .replace(/\s+([;,.:)])/g, '$1')
    .replace(/\(\s+/g, '(');
}
