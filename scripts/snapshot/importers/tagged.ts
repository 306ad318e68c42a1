/**
 * Importer of a tagged text as a version's own text (the Hebrew Bible and the Greek
 * New Testament in the catalogue like any version): `source.text` names the tagged text
 * (scripts/snapshot/study/tagged.ts). Each verse is its words as printed, in the source's order
 * and numbering; the words with their numbers become the version's `wd:` values.
 */
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
    out
      .chapter(v.book, v.chapter)
      .verses.push({ verse: v.verse, para: false, tokens: [{ text: v.text }] });
  }
  ctx.log(`  ${read.verses} verses from the tagged text ${name}`);
  return out.ir;
};
