import type { SnapshotReader } from '../cache/snapshot-reader';
import type { Catalogue } from '../catalogue/store';
import { badRequest } from '../http/errors';
import { ownEntry } from '../snapshot/read';
import { foldLemma } from '../snapshot/search-text';
import { loadLemmaIndex } from './store';

/**
 * Search by lemma ("keyword search in them … by lemma"): a dictionary form, pointed
 * or not, accented or not (`ἀγαπάω`, `αγαπαω`, `אָהַב`, `אהב`), names the Strong's numbers whose
 * lexicon entry has it as headword (the snapshot's `lm:` index), and the concordance of those
 * numbers finds every inflected form in the tagged versions. Homographs name several numbers
 * (אהב: H157 "to love", H158 "loves", H159 "love"); their verses are searched together.
 */

/** Longest lemma accepted: the longest headword is a few words. */
export const MAX_LEMMA_LENGTH = 100;

/** The lexicon a word belongs to, by its script: Hebrew letters → `H`, Greek → `G`; else null. */
export function lemmaPrefix(text: string): 'H' | 'G' | null {
  if (/[\u0590-\u05FF\uFB1D-\uFB4F]/.test(text)) return 'H';
  if (/[\u0370-\u03FF\u1F00-\u1FFF]/.test(text)) return 'G';
  return null;
}

/** The numbers a lemma heads (none when no entry has it), and the lexicon's language. */
export async function lemmaNumbers(
  snap: SnapshotReader,
  cat: Catalogue,
  lemma: string,
): Promise<{ prefix: 'H' | 'G'; numbers: string[] }> {
  if (lemma.length > MAX_LEMMA_LENGTH)
    throw badRequest(`lemma is too long (at most ${MAX_LEMMA_LENGTH} characters)`);
  const prefix = lemmaPrefix(lemma);
  if (!prefix)
    throw badRequest('lemma must be a Hebrew or Greek word, the dictionary form (אָהַב, ἀγαπάω)');
  const folded = foldLemma(lemma);
  const index = folded ? await loadLemmaIndex(snap, prefix) : null;
  return { prefix, numbers: ownEntry(index, folded) ?? [] };
}
