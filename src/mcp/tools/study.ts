import * as s from '../schema';
import { loadCatalogue } from '../../catalogue/store';
import { verseReference } from '../../catalogue/names';
import { concordanceOf } from '../../study/concordance';
import { lexiconCopyright, lexiconEntry, STUDY_ENGLISH_VERSION } from '../../study/lexicon';
import { askedVersion } from '../references';
import { cut, moreLine, plainText } from '../text';
import { tool } from '../tool';
import { copyrightLine } from './scripture';

/** STUDY_ENGLISH_VERSION verses word_study quotes (the Strong's page shows 20; an assistant needs the first few). */
export const STUDY_OCCURRENCES = 8;
/** Characters of the fuller lexicon's article (BDB, Abbott-Smith) quoted. */
const FULLER_CHARS = 1_200;

export const wordStudy = tool({
  name: 'word_study',
  title: "Study a word by its Strong's number",
  description: `A Strong's lexicon entry (H for Hebrew and Aramaic, G for Greek: H430, G26): the original word, its transliteration, definition, derivation and KJV renderings, the fuller lexicon's article (BDB or Abbott-Smith) in short, how often each tagged version uses it, and its first ${STUDY_OCCURRENCES} ${STUDY_ENGLISH_VERSION} verses with the rendering in *asterisks*.`,
  input: {
    number: s
      .string()
      .min(1)
      .max(12)
      .describe("Strong's number: H and a number for Hebrew, G for Greek (H430, G26, g0026)"),
  },
  readOnly: true,
  async run(args, ctx) {
    const snap = ctx.snapshot;
    const cat = await loadCatalogue(snap);
    const entry = await lexiconEntry(snap, args.number);
    const lines = [
      `${entry.number} ${entry.word}${entry.transliteration ? ` (${entry.transliteration}${entry.pronunciation ? `; ${entry.pronunciation}` : ''})` : ''}`,
      `Definition: ${entry.definition}`,
    ];
    if (entry.derivation) lines.push(`Derivation: ${entry.derivation}`);
    if (entry.kjvRenderings) lines.push(`KJV renderings: ${entry.kjvRenderings}`);
    if (entry.related.length) lines.push(`Related: ${entry.related.join(', ')}`);
    for (const f of entry.fuller)
      lines.push(
        `${f.source} (${f.headword}): ${cut(plainText(f.html).replace(/\n/g, ' '), FULLER_CHARS)}`,
      );
    if (entry.occurrences.length)
      lines.push(
        `Occurrences: ${entry.occurrences.map((o) => `${o.version} ${o.verses} verses`).join('; ')}`,
      );
    const kjv = entry.occurrences.find((o) => o.version === STUDY_ENGLISH_VERSION);
    if (kjv?.verses) {
      // The Strong's page's own first verses (src/routes/site/study.tsx), not counted as a search.
      const found = await concordanceOf(snap, {
        numbers: [entry.number],
        version: STUDY_ENGLISH_VERSION,
        page: { offset: 0, limit: STUDY_OCCURRENCES },
      });
      lines.push('', `First ${STUDY_ENGLISH_VERSION} verses (concordance):`);
      for (const hit of found.hits)
        lines.push(
          `${verseReference(cat.books[hit.bookIndex], hit.chapter, hit.entry.verse, hit.entry.lastverse)}: ${plainText(hit.entry.html, true)}`,
        );
      lines.push(
        ...moreLine(
          found.hits.length,
          found.total,
          'verses',
          `search_text cannot list them: the REST API's /verses?strongs=${entry.number} does`,
        ),
        copyrightLine(askedVersion(cat, STUDY_ENGLISH_VERSION)),
      );
    }
    lines.push(`Lexicon: ${plainText(await lexiconCopyright(snap, entry.number))}`);
    return lines.join('\n');
  },
});
