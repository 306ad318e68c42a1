import type { SnapshotReader } from '../cache/snapshot-reader';
import { verseId } from '../catalogue/ids';
import { findVersion } from '../catalogue/lookup';
import { loadCatalogue, type Catalogue } from '../catalogue/store';
import { LIMITS, type ReferenceInput } from '../annotations/personal/input';
import { echo, notFound } from '../http/errors';
import { resolveReferences, type PassageResolution } from '../search/passage-lookup';
import type { VersionEntry } from '../snapshot/types';
import { DEFAULT_VERSION } from './fields';

/**
 * References written as a reader writes them ("John 3:16-18", "Juan 3:16") read in one version,
 * by the parser of GET /passages (src/search/passage-lookup.ts), so the tools and the API agree
 * on what a reference means.
 */

/** The version a tool is asked for (default DEFAULT_VERSION); an unknown one is the API's 404. */
export function askedVersion(cat: Catalogue, id: string | undefined): VersionEntry {
  return findVersion(cat, id ?? DEFAULT_VERSION);
}

/** One reference in one version; naming no verse of it is a 404 that says how to write one. */
export async function resolveReference(
  snap: SnapshotReader,
  reference: string,
  version: VersionEntry,
): Promise<PassageResolution> {
  const resolution = await resolveReferences(snap, [reference], version.id);
  if (!resolution.resolved.length)
    throw notFound(
      `No passage of the ${version.id} found for "${echo(reference)}": write a reference as a reader does, e.g. John 3:16-18, Psalm 23, Juan 3:16`,
    );
  return resolution;
}

/**
 * The verse ranges of several references in one version, as a note or tagging stores them
 * (start and end verse ids, one book each: a reference over two books gives two). A reference that
 * names no verse is added to `problems`, so that the 422 lists every problem of the call, as the
 * API's validation does.
 */
export async function referenceRanges(
  snap: SnapshotReader,
  references: string[],
  versionId: string | undefined,
  problems: string[],
): Promise<ReferenceInput[]> {
  const cat = await loadCatalogue(snap);
  const version = askedVersion(cat, versionId);
  const out: ReferenceInput[] = [];
  for (const reference of references) {
    const { resolved } = await resolveReferences(snap, [reference], version.id);
    if (!resolved.length) problems.push(`"${echo(reference)}" names no verse of the ${version.id}`);
    for (const { passage } of resolved) {
      const book = cat.books[passage.bookIndex];
      out.push({
        start: verseId(book, passage.startChapter, passage.startVerse),
        end: verseId(book, passage.endChapter, passage.endVerse),
      });
    }
    // The annotations' bound (src/annotations/personal/input.ts LIMITS): no need to read further.
    if (out.length > LIMITS.references) {
      problems.push(
        `The references name more than ${LIMITS.references} verse ranges (a reference over several books is one range per book); at most ${LIMITS.references} are allowed`,
      );
      return [];
    }
  }
  return out;
}
