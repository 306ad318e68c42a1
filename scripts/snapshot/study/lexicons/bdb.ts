/**
 * Brown-Driver-Briggs as the Open Scriptures Hebrew Bible project encodes it
 * (hebrewlexicon/BrownDriverBriggs.xml, `<entry id="a.bh.aa">` in parts per letter, Hebrew and
 * Aramaic), linked to Strong's numbers through their lexical index (LexicalIndex.xml:
 * `<xref bdb="a.bh.aa" strong="157" aug="a"/>`, where `aug` tells apart the OSHB's split of one
 * Strong's number into several words: H122 → 122a, 122b). Each BDB entry becomes the safe HTML
 * subset (./html.ts); a number gets every BDB entry its index entries point to.
 *
 * The index's `strong="b"` (and c, d, i, k, l, m, s) are the OSHB's prefixes (בְּ, וְ, הַ, הֲ, כְּ,
 * לְ, מִ, שֶׁ), which have no Strong's number: they are left out. AugIndex.xml maps the same
 * augmented numbers to index entries the other way round and adds nothing for this.
 */
import { readFileSync } from 'node:fs';
import type { LexiconEntry } from '../types';
import { layoutBlocks, type BlockRules } from './blocks';
import { lexiconFile } from './dir';
import { readHebrewToKjv } from './hebrew-numbering';
import { el, link, renderHtml, span, tidy, type Html, type SpanLang } from './html';
import { kjvVerses } from './kjv-verses';
import { refLinker, type RefLinker } from './refs';
import {
  childElements,
  descendants,
  parseXml,
  squeeze,
  textContent,
  type XmlElement,
  type XmlNode,
} from './xml';

export type FullerEntry = NonNullable<LexiconEntry['fuller']>[number];

export interface BdbLinks {
  /** `H157` → the BDB entry ids linked to it, augmented numbers in order (122a before 122b). */
  byStrongs: Map<string, string[]>;
  /** BDB entry id → the Strong's numbers linked to it. */
  byBdb: Map<string, Set<string>>;
}

/** Reads the lexical index's links between Strong's numbers and BDB entries. */
export function readLexicalIndex(file = lexiconFile('lexicalIndex')): BdbLinks {
  const root = parseXml(readFileSync(file, 'utf8'));
  const links: { number: string; aug: string; bdb: string }[] = [];
  for (const xref of descendants(root, 'xref')) {
    const { strong, bdb, aug } = xref.attrs;
    if (!strong || !bdb || !/^\d+$/.test(strong)) continue; // no number, no entry, or a prefix letter
    links.push({ number: `H${Number(strong)}`, aug: aug ?? '', bdb });
  }
  links.sort((a, b) => (a.aug < b.aug ? -1 : a.aug > b.aug ? 1 : 0)); // stable: index order within one aug
  const byStrongs = new Map<string, string[]>();
  const byBdb = new Map<string, Set<string>>();
  for (const { number, bdb } of links) {
    const ids = byStrongs.get(number) ?? [];
    if (!ids.includes(bdb)) ids.push(bdb);
    byStrongs.set(number, ids);
    byBdb.set(bdb, (byBdb.get(bdb) ?? new Set()).add(number));
  }
  return { byStrongs, byBdb };
}

export interface Bdb {
  /** `H157` → its BDB entries. */
  byStrongs: Map<string, FullerEntry[]>;
  /** BDB entries read, and how many of the linked ones were cut at the size cap. */
  entries: number;
  truncated: number;
  /** Verse references: linked, or left as text. */
  refs: { linked: number; unlinked: number };
}

/** Reads BDB and the index; renders the linked entries. */
export function readBdb(
  files = { bdb: lexiconFile('bdb'), index: lexiconFile('lexicalIndex') },
  maxBytes?: number,
): Bdb {
  const links = readLexicalIndex(files.index);
  const root = parseXml(readFileSync(files.bdb, 'utf8'));
  // Entries with their part's language (the Aramaic part's words are Aramaic).
  const entries = new Map<string, { entry: XmlElement; lang: SpanLang }>();
  for (const part of childElements(root, 'part')) {
    const lang: SpanLang = part.attrs['xml:lang'] === 'arc' ? 'arc' : 'he';
    for (const entry of descendants(part, 'entry'))
      if (entry.attrs.id) entries.set(entry.attrs.id, { entry, lang });
  }
  const headword = (id: string): string => {
    const w = entries
      .get(id)
      ?.entry.children.find((c): c is XmlElement => typeof c !== 'string' && c.name === 'w');
    return w ? squeeze(textContent(w)) : '';
  };
  const linker = refLinker(kjvVerses(), readHebrewToKjv().map);
  const refs = { linked: 0, unlinked: 0 };
  const rendered = new Map<string, FullerEntry>();
  let truncated = 0;
  const render = (id: string): FullerEntry | undefined => {
    if (rendered.has(id)) return rendered.get(id);
    const found = entries.get(id);
    if (!found) return undefined;
    const blocks = layoutBlocks(
      found.entry.children,
      bdbRules(found.lang, { links, headword, linker, refs }),
    );
    const { html, truncated: cut } = renderHtml(tidy(blocks), maxBytes);
    if (cut) truncated++;
    const fuller: FullerEntry = { source: 'BDB', id, headword: headword(id), html };
    rendered.set(id, fuller);
    return fuller;
  };
  const byStrongs = new Map<string, FullerEntry[]>();
  for (const [number, ids] of links.byStrongs) {
    const list = ids.map(render).filter((f): f is FullerEntry => f !== undefined);
    if (list.length) byStrongs.set(number, list);
  }
  return { byStrongs, entries: entries.size, truncated, refs };
}

interface BdbContext {
  links: BdbLinks;
  headword: (id: string) => string;
  linker: RefLinker;
  refs: { linked: number; unlinked: number };
}

const BDB_ID = /^[a-z]\.[a-z]{2}\.[a-z]{2}$/;

/** How BDB's elements read in the subset. */
function bdbRules(lang: SpanLang, ctx: BdbContext): BlockRules {
  const inline = (node: XmlNode): Html[] => {
    if (typeof node === 'string') return [node];
    const inner = () => node.children.flatMap(inline);
    switch (node.name) {
      case 'w':
        return [hebrewWord(node, lang, ctx)];
      case 'def':
      case 'stem':
        return [el('b', inner())];
      case 'pos':
      case 'asp':
      case 'em':
        return [el('i', inner())];
      case 'foreign':
        return [foreign(node.attrs['xml:lang'] ?? '', inner())];
      case 'ref': {
        const href = ctx.linker(node.attrs.r ?? '', 'hebrew');
        if (href) ctx.refs.linked++;
        else ctx.refs.unlinked++;
        return href ? [link(href, inner())] : inner();
      }
      case 'status':
      case 'page':
        return [];
      default:
        return inner();
    }
  };
  return { inline, skip: new Set(['status', 'page']), apart: new Set() };
}

/**
 * A Hebrew (or Aramaic) word; with `src`, a cross reference to another BDB entry, linked to that
 * entry's Strong's number when it has exactly one. The encoding writes some cross references with
 * the target's id for words (`<w src="a.bh.ab">a.bh.ab</w>`) or none: they show the target's headword.
 */
function hebrewWord(node: XmlElement, lang: SpanLang, ctx: BdbContext): Html {
  const src = node.attrs.src;
  let words = textContent(node);
  if (src && (!words.trim() || BDB_ID.test(words.trim()))) words = ctx.headword(src) || words;
  const word = span(lang, [words]);
  const numbers = src ? ctx.links.byBdb.get(src) : undefined;
  return numbers?.size === 1 ? link(`/strongs/${[...numbers][0]}`, [word]) : word;
}

/** A word of another language: Hebrew, Aramaic and Greek in their own script; the rest in italics. */
export function foreign(xmlLang: string, children: Html[]): Html {
  if (xmlLang === 'heb' || xmlLang === 'he') return span('he', children);
  if (xmlLang === 'arc') return span('arc', children);
  if (xmlLang === 'grc') return span('grc', children);
  return el('i', children);
}
