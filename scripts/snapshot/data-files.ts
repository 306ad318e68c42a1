/**
 * The committed data files (data/*.json), named once: the build reads them from DATA_DIR
 * (./paths.ts), `npm run version:add` and `version:remove` from the folder `--data` names. Only
 * names here, nothing read from the environment, so that version:add may import it before it
 * points the build at its staged copy of data/.
 */
import path from 'node:path';

export const DATA_FILES = {
  versions: 'versions.json',
  bookNames: 'book-names.json',
  canon: 'canon.json',
  versificationMap: 'versification-map.json',
  versificationGaps: 'versification-gaps.json',
  marginVerses: 'margin-verses.json',
  marginAnchors: 'margin-anchors.json',
  psalmTitles: 'psalm-titles.json',
  footnoteKinds: 'footnote-kinds.json',
  library: 'library.json',
  libraryUnresolved: 'library-unresolved.json',
  crossReferences: 'cross-references.json',
  sourceFixes: 'source-fixes.json',
  asvErrata: 'asv-errata.json',
  asvErrata2: 'asv-errata-2.json',
  strongsKnownGaps: 'strongs-known-gaps.json',
  sblgntSenses: 'sblgnt-senses.json',
  morphgntErrata: 'morphgnt-errata.json',
} as const;

/** A data file in a data folder (DATA_DIR, or a copy of it). */
export const dataFile = (dir: string, name: keyof typeof DATA_FILES): string =>
  path.join(dir, DATA_FILES[name]);
