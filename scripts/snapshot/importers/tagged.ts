/**
 * Importer of a tagged text as a version's own text (the Hebrew Bible and the Greek
 * New Testament in the catalogue like any version): `source.text` names the tagged text
 * (scripts/snapshot/study/tagged.ts). Each verse is its words as printed, in the source's order
 * and numbering, after what the edition prints before it (headings, and Mark 16's unnumbered
 * Intermediate Ending in the SBLGNT); the words with their numbers become the version's `wd:`
 * values.
 */
import type { VerseIR } from '../ir';
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
    const ir: VerseIR = { verse: v.verse, para: false, tokens: [{ text }] };
    // What the edition prints before the verse: its headings, and a passage it does not number.
    if (v.before) {
      ir.headings = v.before.headings;
      if (v.before.lang) ir.headingsLang = v.before.lang;
      const passage = v.before.unnumbered;
      if (passage) ir.unnumbered = { at: passage.at, tokens: [{ text: passage.text }] };
    }
    out.chapter(v.book, v.chapter).verses.push(ir);
  }
  ctx.log(`  ${verses.length} verses from the tagged text ${name}`);
  return out.ir;
};
