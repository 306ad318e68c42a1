import { QUOTAS } from '../api/limits';
import { ID_BLOCK_SIZE, MAX_ID_BLOCK } from '../db/shards';
import { VERSES_PER_CHAPTER } from '../snapshot/verse-positions';

/**
 * How a coverage read packs two numbers into one exact double (a JavaScript number holds every
 * integer below 2^53 exactly), and the bounds that keep it exact. Each place below holds as long as
 * an account's references (QUOTAS.references, src/api/limits.ts) and its ids stay under it: the
 * check at the end of this module runs when it loads, so a quota raised past a place fails every
 * test and every start instead of mixing two references' numbers in silence.
 */

/**
 * Places for a reference's ord beside its parent's id: `parent × ORDS + ord` (the SQL of
 * src/annotations/references.ts referenceSpansSql). An ord is below an account's references; a
 * larger one is read as ORDS − 1, which only orders it last.
 */
export const ORDS = 2 ** 14;

/**
 * Places for a reference's last position beside its first: `first × POSITIONS + last`. A position
 * is chapter × 1000 + verse (src/snapshot/verse-positions.ts), below 1,000 chapters of 1,000 verses.
 */
export const POSITIONS = 1_000 * VERSES_PER_CHAPTER;

/**
 * Above the references one read can give (all of one account's), so that `annotation × PLACES +
 * place` sorts by annotation, then the order read.
 */
export const PLACES = 2 ** 14;

/** Above every id (src/db/shards.ts MAX_ID_BLOCK), so that `kind × KIND_PLACE + id` keeps a kind's annotations apart. */
export const KIND_PLACE = 2 ** 38;

/**
 * Above the spans of one book an index holds (every reference of an account at most), so that
 * `from × SORT_PLACES + place` sorts by `from`, then place (src/annotations/coverage/coverage-index.ts).
 */
export const SORT_PLACES = 2 ** 24;

/** The places the index keeps in Int32Arrays (a span's reference) hold below 2^31. */
const INT32_PLACES = 2 ** 31;

/** Below every id any database gives (src/db/shards.ts: the last id block's end). */
const IDS_BELOW = (MAX_ID_BLOCK + 1) * ID_BLOCK_SIZE;

/** Whether a packed number (its largest value) stays an exact double. */
const exact = (largest: number) => largest <= Number.MAX_SAFE_INTEGER;

/**
 * Throws unless the packing above holds for an account of `references` references and ids below
 * `idsBelow`: every ord below ORDS, every place of a read below PLACES, SORT_PLACES and 2^31, and
 * every packed number exact.
 */
export function checkSpanPacking(references: number, idsBelow = IDS_BELOW): void {
  const problems = [
    references > ORDS && `an ord reaches ${references - 1}, ORDS is ${ORDS}`,
    references > PLACES && `a read gives ${references} references, PLACES is ${PLACES}`,
    references > SORT_PLACES && `a book holds ${references} spans, SORT_PLACES is ${SORT_PLACES}`,
    references > INT32_PLACES && `${references} references do not fit an Int32Array's places`,
    idsBelow > KIND_PLACE && `ids reach ${idsBelow}, KIND_PLACE is ${KIND_PLACE}`,
    !exact((idsBelow - 1) * ORDS + ORDS - 1) && '`parent × ORDS + ord` is past 2^53',
    !exact((KIND_PLACE + idsBelow - 1) * PLACES + references - 1) &&
      '`annotation × PLACES + place` is past 2^53',
    !exact((POSITIONS - 1) * POSITIONS + POSITIONS - 1) &&
      '`first × POSITIONS + last` is past 2^53',
    !exact((POSITIONS - 1) * SORT_PLACES + references - 1) &&
      '`from × SORT_PLACES + place` is past 2^53',
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length)
    throw new Error(`A coverage read's packing no longer holds: ${problems.join('; ')}`);
}

checkSpanPacking(QUOTAS.references);
