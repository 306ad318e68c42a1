import type { SnapshotReader } from '../cache/snapshot-reader';
import { echo, notFound } from '../http/errors';
import { cdata, type DocNode } from '../render/document';
import type { LexiconValue } from '../snapshot/study-types';
import { loadLexicon, loadStudyMeta } from './store';
import { normalizeStrongs, strongsLanguage, strongsPath } from '../snapshot/strongs';

/**
 * The tagged English version whose verses a Strong's number's study quotes (the lexicon page's and
 * the MCP word_study's first verses): the one whose phrases carry Strong's numbers.
 */
export const STUDY_ENGLISH_VERSION = 'KJV';

/**
 * A Strong's lexicon entry: `GET /strongs/{number}` with `H157`, `G25` and `G0025`
 * alike. One KV read (kept per isolate). An unknown or malformed number is a 404 that says why.
 */
export async function lexiconEntry(snap: SnapshotReader, text: string): Promise<LexiconValue> {
  const number = normalizeStrongs(text);
  if (!number)
    throw notFound(
      `Malformed Strong's number: ${echo(text)} (expected H and a number for Hebrew, G for Greek: H157, G25)`,
    );
  const entry = await loadLexicon(snap, number);
  if (entry) return entry;
  const meta = await loadStudyMeta(snap);
  if (!meta)
    throw notFound('This snapshot was built without the lexicons (Debian bibledit-cloud-data)');
  throw notFound(
    meta.gaps.includes(number)
      ? `Strong's number ${number} was never assigned (Strong's lexicon skips it)`
      : `No lexicon entry for ${number}`,
  );
}

/** The copyright of the lexicon a number belongs to (Hebrew or Greek), '' in a snapshot without the study layer. */
export async function lexiconCopyright(snap: SnapshotReader, number: string): Promise<string> {
  return (await loadStudyMeta(snap))?.lexiconCopyright[strongsLanguage(number)] ?? '';
}

const link = (n: string): DocNode => ({ id: n, path: strongsPath(n) });

/** The concordance of a number in one version: `/verses?strongs=H157&version=KJV`. */
export const concordancePath = (number: string, version?: string) =>
  `/verses?strongs=${number}${version ? `&version=${version}` : ''}`;

/** The `strongs` root: the entry with its fuller entries, related numbers and where it occurs. */
export function lexiconDocument(entry: LexiconValue, copyright: string): DocNode {
  return {
    entry: [
      {
        id: entry.number,
        lang: entry.lang,
        word: entry.word,
        transliteration: entry.transliteration,
        pronunciation: entry.pronunciation,
        derivation: entry.derivation,
        definition: entry.definition,
        kjv_renderings: entry.kjvRenderings,
        related: entry.related.map(link),
        fuller: entry.fuller.map((f) => ({
          source: f.source,
          id: f.id,
          headword: f.headword,
          html: cdata(f.html),
        })),
        occurrences: entry.occurrences.map((o) => ({
          version: o.version,
          words: o.words,
          occurrences: o.occurrences,
          verses: o.verses,
          path: concordancePath(entry.number, o.version),
        })),
        path: strongsPath(entry.number),
        copyright: cdata(copyright),
      },
    ],
  };
}
