import * as z from 'zod';
import { LIMITS } from '../annotations/input';
import { MAX_REFERENCE_LENGTH } from '../search/references';

/** The arguments several tools share, described once. */

/** The version a tool reads when none is given: the service's first, the one every book has. */
export const DEFAULT_VERSION = 'KJV';

export const reference = z
  .string()
  .min(1)
  .max(MAX_REFERENCE_LENGTH)
  .describe(
    'A Bible reference as a reader writes it, in English or Spanish: "John 3:16", "John 3:16-18", "Psalm 23", "1 Cor 13:4-7", "Juan 3:16", "Salmos 23"',
  );

export const version = z
  .string()
  .regex(/^[A-Za-z0-9]{1,16}$/, 'a version code such as KJV')
  .optional()
  .describe(
    `Version code (default ${DEFAULT_VERSION}): KJV, ASV, WEB (English), RV1909 (Spanish), WLC (Hebrew), TR (Greek)`,
  );

export const page = z
  .number()
  .int()
  .min(1)
  .max(1000)
  .optional()
  .describe('Page of results, from 1 (default 1)');

export const references = z
  .array(reference)
  .min(1)
  .max(LIMITS.references)
  .describe(
    `The verses, as references ("John 3:16", "Romans 8:28-39", "Psalm 23"), at most ${LIMITS.references}; each range stays within one book`,
  );
