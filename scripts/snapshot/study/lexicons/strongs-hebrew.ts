/**
 * Strong's Hebrew dictionary as the Open Scriptures Hebrew Bible project corrected and encoded it
 * (hebrewlexicon/HebrewStrong.xml): one `<entry id="H157">` per number, H1-H8674, with the
 * headword `<w pron xlit>`, the derivation `<source>`, the definition `<meaning>` and the KJV
 * renderings `<usage>`; `<w src="H24">24</w>` cites another number, `<note>` records the
 * project's own corrections (not Strong's text, so left out).
 */
import { readFileSync } from 'node:fs';
import { normalizeStrongs } from '../../../../src/snapshot/strongs';
import type { LexiconEntry } from '../types';
import { lexiconFile } from './dir';
import {
  childElements,
  firstChild,
  parseXml,
  squeeze,
  textContent,
  type XmlElement,
  type XmlNode,
} from './xml';

/** Reads the dictionary: `H1` … `H8674` → entry (no `fuller`; ./index.ts adds BDB). */
export function readStrongsHebrew(file = lexiconFile('strongsHebrew')): Map<string, LexiconEntry> {
  const root = parseXml(readFileSync(file, 'utf8'));
  const entries = new Map<string, LexiconEntry>();
  for (const entry of childElements(root, 'entry')) {
    const number = normalizeStrongs(entry.attrs.id ?? '');
    if (!number || !number.startsWith('H'))
      throw new Error(
        `${file}: entry id ${JSON.stringify(entry.attrs.id)} is not a Hebrew Strong's number`,
      );
    if (entries.has(number)) throw new Error(`${file}: ${number} twice`);
    entries.set(number, readEntry(number, entry));
  }
  return entries;
}

function readEntry(number: string, entry: XmlElement): LexiconEntry {
  const head = firstChild(entry, 'w');
  if (!head) throw new Error(`HebrewStrong.xml: ${number} has no headword`);
  const related = new Set<string>();
  const part = (name: string) => {
    const el = firstChild(entry, name);
    return el ? plainText(el, related) : '';
  };
  const derivation = tidyDerivation(part('source'));
  const definition = part('meaning');
  const usage = firstChild(entry, 'usage');
  const kjvRenderings = usage ? squeeze(restorePlus(plainText(usage, related, false))) : '';
  related.delete(number);
  return {
    number,
    word: squeeze(textContent(head)),
    ...(head.attrs.xlit ? { transliteration: head.attrs.xlit } : {}),
    ...(head.attrs.pron ? { pronunciation: head.attrs.pron } : {}),
    ...(derivation ? { derivation } : {}),
    definition,
    ...(kjvRenderings ? { kjvRenderings } : {}),
    related: [...related],
  };
}

/**
 * An element's words as plain text: a cited number as `H24` (and into `related`), another
 * Hebrew form as `אָהֵב (ʼâhêb)`, `<def>` as its words, `<note>` left out.
 */
function plainText(el: XmlElement, related: Set<string>, squeezed = true): string {
  const out = el.children.map((c) => nodeText(c, related)).join('');
  return squeezed ? squeeze(out) : out;
}

function nodeText(node: XmlNode, related: Set<string>): string {
  if (typeof node === 'string') return node;
  if (node.name === 'note') return '';
  if (node.name === 'w' && node.attrs.src) {
    const cited = normalizeStrongs(node.attrs.src);
    if (!cited) throw new Error(`HebrewStrong.xml: cited number ${JSON.stringify(node.attrs.src)}`);
    related.add(cited);
    return cited;
  }
  if (node.name === 'w' && node.attrs.xlit)
    return `${textContent(node).trim()} (${node.attrs.xlit})`;
  return node.children.map((c) => nodeText(c, related)).join('');
}

/** `…; a primitive root;` → `…; a primitive root` (the separator belongs to the printed line). */
const tidyDerivation = (text: string): string =>
  text.replace(/\s+([;,])/g, '$1').replace(/[\s;,:]+$/, '');

/**
 * The KJV renderings lost Strong's `+` ("a rendering in connection with other words"): the
 * encoding wrote a space for it, so `, + not escape` reads `,   not escape` and `(+)` reads
 * `( )` (checked against the SWORD module StrongsHebrew, which keeps the `+`: 232 of 232 entries
 * agree). The space before a word that stands for the `+` is the second of a run.
 */
export function restorePlus(usage: string): string {
  return usage.replace(/\( \)/g, '(+)').replace(/ {2}(?=\S)/g, '+ ');
}
