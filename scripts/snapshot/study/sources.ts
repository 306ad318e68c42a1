/**
 * Where the word-study readers find their sources: the data folder of the Debian
 * package bibledit-cloud-data, read at build time only (no scripture text is committed), or another
 * folder with the same layout (env STUDY_SOURCES_DIR, e.g. a copy of the package's folder on a
 * machine without Debian). ./lexicons/dir.ts reads the same variable for the lexicon files.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { lexiconSourcesDir as studySourcesDir, lexiconSourcesInstalled } from './lexicons/dir';

/** The sources folder (env STUDY_SOURCES_DIR, else the package's), defined once in ./lexicons/dir.ts. */
export { DEFAULT_STUDY_SOURCES_DIR, lexiconSourcesDir as studySourcesDir } from './lexicons/dir';

/** The tagged texts' files, relative to the sources folder. */
export const STUDY_FILES = {
  /** CrossWire's tagged KJV (OSIS, milestone verses), the source of the KJV's and the TR's words. */
  kjv: 'kjv.xml',
  /** The Open Scriptures Hebrew Bible: one OSIS file per book (`Gen.xml` …). */
  morphhb: 'morphhb',
  /** The OSHB's table of the verses the WLC and the KJV number differently. */
  verseMap: 'morphhb/VerseMap.xml',
  /** MorphGNT's SBL Greek New Testament: one file per book (`61-Mt-morphgnt.txt` …). */
  morphgnt: 'morphgnt',
  /** The SBL's own file of the same text: what it prints between verses (headings, Mark 16's ending). */
  sblgntXml: 'sblgnt/sblgnt.xml',
} as const;

/** The absolute path of one of the files above. */
export function studyFile(name: keyof typeof STUDY_FILES): string {
  return path.resolve(studySourcesDir(), STUDY_FILES[name]);
}

/**
 * Whether the study sources are there: the tagged texts and the lexicons (one package ships both,
 * and the build reads the lexicon whenever this says yes: ./lexicon-source.ts).
 */
export function studySourcesInstalled(): boolean {
  return (
    existsSync(studyFile('kjv')) &&
    existsSync(path.join(studyFile('morphhb'), 'Gen.xml')) &&
    existsSync(studyFile('verseMap')) &&
    existsSync(path.join(studyFile('morphgnt'), '61-Mt-morphgnt.txt')) &&
    lexiconSourcesInstalled()
  );
}
