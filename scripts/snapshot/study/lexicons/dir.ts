/**
 * Where the lexicon readers find their sources: the data folder of the Debian package
 * bibledit-cloud-data, or another folder with the same layout (env STUDY_SOURCES_DIR). The one
 * definition of the study sources' folder: ../sources.ts (the tagged texts) takes it from here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const DEFAULT_STUDY_SOURCES_DIR = '/usr/share/bibledit-cloud/sources';

/** The sources folder: env STUDY_SOURCES_DIR when set, else the Debian package's folder. */
export function lexiconSourcesDir(): string {
  return process.env.STUDY_SOURCES_DIR || DEFAULT_STUDY_SOURCES_DIR;
}

/** The files the lexicon readers read, relative to the sources folder. */
export const LEXICON_FILES = {
  strongsHebrew: 'hebrewlexicon/HebrewStrong.xml',
  bdb: 'hebrewlexicon/BrownDriverBriggs.xml',
  lexicalIndex: 'hebrewlexicon/LexicalIndex.xml',
  hebrewLexiconNote: 'hebrewlexicon.txt',
  strongsGreek: 'sblgnt/strongsgreek.xml',
  abbottSmith: 'abbott-smith/abbott-smith.tei_lemma.xml',
  abbottSmithNote: 'abbott-smith.txt',
  /**
   * Bibledit's English ↔ Hebrew verse mapping (KJV numbering = Hebrew numbering, one verse a
   * line). It sits beside the sources folder in the package, not in it.
   */
  englishMapping: '../mapping/English.txt',
} as const;

/** The absolute path of one of the files above. */
export function lexiconFile(name: keyof typeof LEXICON_FILES): string {
  return path.resolve(lexiconSourcesDir(), LEXICON_FILES[name]);
}

/** Whether the files the lexicon needs are there (the verse mapping is optional). */
export function lexiconSourcesInstalled(): boolean {
  const needed: (keyof typeof LEXICON_FILES)[] = [
    'strongsHebrew',
    'bdb',
    'lexicalIndex',
    'strongsGreek',
    'abbottSmith',
  ];
  return needed.every((name) => existsSync(lexiconFile(name)));
}
