import { decodeMorphgnt } from './morphgnt';
import { decodeOshb } from './oshb';
import { decodeRobinson } from './robinson';
import { decodeStrongTense } from './strong-tense';
import { undecoded, type MorphReading, type MorphScheme } from './types';
import { ownEntry } from '../../snapshot/read';

export type { MorphReading, MorphScheme } from './types';
export { UNKNOWN_PART } from './types';

/**
 * Morphology codes in words (word study): `decodeMorph('robinson', 'V-AAI-3S')` reads
 * "verb, aorist active indicative, third person singular". Pure and table-driven, so the Worker
 * decodes at request time and the snapshot keeps only the codes.
 */

const DECODERS: Record<MorphScheme, (code: string) => MorphReading> = {
  robinson: decodeRobinson,
  strongMorph: decodeStrongTense,
  oshb: decodeOshb,
  morphgnt: decodeMorphgnt,
};

/**
 * Tag prefixes as the snapshot writes them, lower-cased. OSHB's own files carry bare codes
 * (`HVqp3ms`); `oshm:` is taken too, the prefix some OSIS readers expect for them.
 */
const PREFIX: Record<string, MorphScheme> = {
  robinson: 'robinson',
  strongmorph: 'strongMorph',
  oshb: 'oshb',
  oshm: 'oshb',
  morphgnt: 'morphgnt',
};

/**
 * The scheme an unlabelled or mislabelled code most likely belongs to, only to label a reading
 * that is not decoded: Strong's numbers are digits, OSHB codes a language letter and lower-case
 * features, everything else is taken for Robinson.
 */
function likelyScheme(code: string): MorphScheme {
  if (/^T?H?\d+$/.test(code)) return 'strongMorph';
  if (/^[HA][A-Z]/.test(code) && /[a-z/]/.test(code) && !code.includes('-')) return 'oshb';
  return 'robinson';
}

const isScheme = (s: string): s is MorphScheme => Object.hasOwn(DECODERS, s);

/** Reads `code` in `scheme`. Never throws: an unknown scheme or code reads as the code itself. */
export function decodeMorph(scheme: MorphScheme | string, code: string): MorphReading {
  if (!isScheme(scheme)) return undecoded(likelyScheme(code), code);
  try {
    return DECODERS[scheme](code);
  } catch {
    // The decoders do not throw on any input; this is the promise kept should one ever do.
    return undecoded(scheme, code);
  }
}

/** Reads a tag as the texts write it: `robinson:V-AAI-3S`, `strongMorph:TH8804`, `oshb:HC/Vqw3ms`. */
export function decodeMorphTag(tag: string): MorphReading {
  const colon = tag.indexOf(':');
  const prefix = tag.slice(0, Math.max(colon, 0)).toLowerCase();
  const scheme = ownEntry(PREFIX, prefix);
  if (!scheme) return undecoded(likelyScheme(tag.slice(colon + 1)), tag);
  return decodeMorph(scheme, tag.slice(colon + 1));
}
