/**
 * A morphology code read in words (word study). Three schemes reach us from the tagged
 * texts (Debian bibledit-cloud-data): Robinson's codes for the Greek New Testament of the KJV,
 * Strong's Hebrew tense numbers for its Old Testament verbs, and the Open Scriptures Hebrew Bible
 * codes for the Hebrew and Aramaic text itself.
 */

import type { MorphScheme } from '../../snapshot/study-types';

/** The schemes: the snapshot's one list (src/snapshot/study-types.ts MORPH_SCHEMES). */
export type { MorphScheme };

/** One feature of a reading: `{ name: 'tense', value: 'aorist' }`. */
export interface MorphPart {
  name: string;
  value: string;
}

/**
 * A code and what it says. `parts` lists the features in the code's order (an OSHB word made of
 * several morphemes lists each morpheme's parts in turn, each beginning with its part of speech);
 * `text` says the whole in words. A code nobody can read keeps its own text and no parts.
 */
export interface MorphReading {
  code: string;
  scheme: MorphScheme;
  parts: MorphPart[];
  text: string;
}

/**
 * The name of the part that holds what a decoder could not read. A code that breaks its scheme
 * (a typo in the source, a letter in the wrong place) is read as far as it goes and the rest is
 * kept under this name, so nothing is silently dropped and tests can find it.
 */
export const UNKNOWN_PART = 'unknown part';

export const unknownPart = (value: string): MorphPart => ({ name: UNKNOWN_PART, value });

/** What an unreadable code reads as: itself. */
export const undecoded = (scheme: MorphScheme, code: string): MorphReading => ({
  code,
  scheme,
  parts: [],
  text: code,
});
