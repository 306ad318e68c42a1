/**
 * Importer of a tagged text as a version's own text (the Hebrew Bible and the Greek
 * New Testament in the catalogue like any version): `source.text` names the tagged text
 * (scripts/snapshot/study/tagged.ts). Each verse is its words as printed, in the source's order
 * and numbering, after what the edition prints before it (headings, and Mark 16's unnumbered
 * Intermediate Ending in the SBLGNT); the words with their numbers become the version's `wd:`
 * values.
 */
import type { VerseIR } from '../ir';
import { taggedShareName, taggedVersionText, type TaggedVersionText } from '../study/tagged';
import { SourceUnavailableError, VersionCollector, type Importer } from './types';

/**
 * The text comes from the word study's worker when it runs (../off-thread.ts: it reads the tagged
 * texts beside the imports before this, so that none is read twice), else it is read here.
 */
export const importTagged: Importer = async (source, ctx) => {
  const name = String(source.text);
  const shared = ctx.shared?.(taggedShareName(name));
  const read = shared ? ((await shared) as TaggedVersionText | null) : taggedVersionText(name);
  if (!read)
    throw new SourceUnavailableError(
      `the Debian package bibledit-cloud-data is not installed (tagged text ${name})`,
    );
  const out = new VersionCollector();
  for (const v of read.texts) {
    if (!v.text) continue;
    const ir: VerseIR = { verse: v.verse, para: false, tokens: [{ text: v.text }] };
    // What the edition prints before the verse: its headings, and a passage it does not number.
    if (v.before) {
      ir.headings = v.before.headings;
      if (v.before.lang) ir.headingsLang = v.before.lang;
      const passage = v.before.unnumbered;
      if (passage) ir.unnumbered = { at: passage.at, tokens: [{ text: passage.text }] };
    }
    out.chapter(v.book, v.chapter).verses.push(ir);
  }
  ctx.log(`  ${read.verses} verses from the tagged text ${name}`);
  return out.ir;
};
