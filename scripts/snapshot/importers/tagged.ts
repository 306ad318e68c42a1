/**
 * Importer of a tagged text as a version's own text (the Hebrew Bible and the Greek
 * New Testament in the catalogue like any version): `source.text` names the tagged text
 * (scripts/snapshot/study/tagged.ts). Each verse is its words as printed, in the source's order
 * and numbering; the words with their numbers become the version's `wd:` values.
 */
import { taggedText, verseText } from '../study/tagged';
import { SourceUnavailableError, VersionCollector, type Importer } from './types';

export const importTagged: Importer = async (source, ctx) => {
  const name = String(source.text);
  const verses = taggedText(name);
  if (!verses)
    throw new SourceUnavailableError(
      `the Debian package bibledit-cloud-data is not installed (tagged text ${name})`,
    );
  const out = new VersionCollector();
  for (const v of verses) {
    const text = verseText(v);
    if (!text) continue;
    out.chapter(v.book, v.chapter).verses.push({ verse: v.verse, para: false, tokens: [{ text }] });
  }
  ctx.log(`  ${verses.length} verses from the tagged text ${name}`);
  return out.ir;
};
