import * as s from '../schema';
import { loadCatalogue, versionOf } from '../../catalogue/store';
import { rangeName, verseReference } from '../../catalogue/names';
import { readPassages } from '../../search/passage-lookup';
import { keywordClauses } from '../../search/keyword-query';
import { keywordSearchOf } from '../../search/keyword-search';
import type { VersionEntry } from '../../snapshot/types';
import { page, reference, version, VERSION_CODES } from '../fields';
import { askedVersion, resolveReference } from '../references';
import { moreLine, plainText } from '../text';
import { tool } from '../tool';

/** Verses lookup_passage quotes at most: a long chapter (Psalm 119 has 176) is cut, and says so. */
export const MAX_PASSAGE_VERSES = 80;
/** Results search_text gives a page. */
export const SEARCH_PAGE = 10;

/** The line every quotation of a version ends with: its name and copyright. */
export function copyrightLine(v: VersionEntry): string {
  return `${v.name} (${v.id}): ${plainText(v.copyright)}`;
}

export const lookupPassage = tool({
  name: 'lookup_passage',
  title: 'Look up a Bible passage',
  description: `The text of a Bible passage by reference, in English or Spanish ("John 3:16-18", "Psalm 23", "Juan 3:16"), in one version (default KJV), verse by verse, with the version's copyright. At most ${MAX_PASSAGE_VERSES} verses; a longer passage is cut and says so.`,
  input: { reference, version },
  readOnly: true,
  async run(args, ctx) {
    const cat = await loadCatalogue(ctx.snapshot);
    const v = askedVersion(cat, args.version);
    const resolution = await resolveReference(ctx.snapshot, args.reference, v);
    // As GET /passages: a passage over several chapters counts against the passage limit.
    if (resolution.long) await ctx.countAgainst('passage');
    const lookup = await readPassages(
      ctx.snapshot,
      resolution,
      MAX_PASSAGE_VERSES,
      MAX_PASSAGE_VERSES,
    );
    const lines: string[] = [];
    for (const found of lookup.found) {
      if (!found.verses.length) continue;
      const several = found.passage.endChapter > found.passage.startChapter;
      lines.push(`${rangeName(found.book, found.passage)} (${found.version.id})`);
      if (found.passage.note) lines.push(`(${found.passage.note})`);
      for (const { chapter, entry } of found.verses) {
        const number = `${entry.verse}${entry.lastverse !== entry.verse ? `-${entry.lastverse}` : ''}`;
        lines.push(`${several ? `${chapter}:` : ''}${number} ${plainText(entry.html)}`);
      }
      lines.push('');
    }
    lines.push(
      ...moreLine(
        lookup.read,
        lookup.verses,
        'verses',
        'ask for a shorter passage to read the rest',
      ),
      copyrightLine(v),
    );
    return lines.join('\n');
  },
});

export const searchText = tool({
  name: 'search_text',
  title: 'Search the Bible by keyword',
  description: `Keyword search of the Bible text: every word must match (stemmed: "loved" finds "love"); a "quoted phrase" matches in order. Most relevant verses first, ${SEARCH_PAGE} a page, each with its reference and text, and the versions' copyright. Without a version, every version is searched.`,
  input: {
    query: s
      .string()
      .min(1)
      .max(200)
      .describe('Words to find, e.g. faith hope charity, or "living water"'),
    version: version.describe(`Version code to search (${VERSION_CODES}); default: all`),
    page,
  },
  readOnly: true,
  async run(args, ctx) {
    // As GET /verses?keyword=…: every search counts against the search limit.
    await ctx.countAgainst('search');
    const number = args.page ?? 1;
    const r = await keywordSearchOf(ctx.snapshot, {
      keyword: args.query,
      clauses: keywordClauses(args.query),
      version: args.version,
      spelling: true,
      page: { offset: (number - 1) * SEARCH_PAGE, limit: SEARCH_PAGE },
    });
    const lines: string[] = [];
    if (!r.total) {
      lines.push(`No verse matches "${args.query}".`);
      if (r.suggestions.length) lines.push(`Did you mean: ${r.suggestions.join('; ')}?`);
      return lines.join('\n');
    }
    const pages = Math.ceil(r.total / SEARCH_PAGE);
    lines.push(
      `${r.total} verses match "${args.query}"; page ${number} of ${pages}${r.hits.length ? '' : ' (past the last page)'}:`,
    );
    const versions = new Map<string, VersionEntry>();
    for (const hit of r.hits) {
      const book = r.cat.books[hit.bookIndex];
      const v = versionOf(r.cat, book);
      versions.set(v.id, v);
      lines.push(
        `${verseReference(book, hit.chapter, hit.entry.verse, hit.entry.lastverse)} (${v.id}): ${plainText(hit.entry.html, true)}`,
      );
    }
    if (number < pages) lines.push(`(more: page ${number + 1})`);
    lines.push('', ...[...versions.values()].map(copyrightLine));
    return lines.join('\n');
  },
});
