/**
 * Text that a source writes inside a verse but that is not verse text: Psalm titles and Psalm 119
 * acrostic headings (they become the verse's `title`, rendered `<span class="title">` before it,
 * as the KJV's are), and the subscriptions of the epistles (dropped, as the KJV importer drops
 * its own). docs/kv-layout.md "Titles and subscriptions".
 *
 * Pure (no file access): the importers and snapshot.ts call it, the unit tests run it in workerd.
 */
import { normalizeTokens, tokensText, type TextToken, type VersionIR } from './ir';

/** Split tokens at a character offset of their text; both halves normalized (trimmed). */
export function splitTokensAt(tokens: TextToken[], offset: number): [TextToken[], TextToken[]] {
  const before: TextToken[] = [];
  const after: TextToken[] = [];
  let pos = 0;
  for (const t of tokens) {
    const end = pos + t.text.length;
    if (end <= offset) before.push(t);
    else if (pos >= offset) after.push(t);
    else {
      before.push({ ...t, text: t.text.slice(0, offset - pos) });
      after.push({ ...t, text: t.text.slice(offset - pos) });
    }
    pos = end;
  }
  return [normalizeTokens(before), normalizeTokens(after)];
}

/** A verse's title gets `extra` after what it has (a Psalm 119:1 title and its heading). */
function addTitle(v: { title?: TextToken[] }, extra: TextToken[]) {
  v.title = v.title?.length ? normalizeTokens([...v.title, { text: ' ' }, ...extra]) : extra;
}

// ---- Psalm titles before the opening capitals ---------------------------------------------------

/**
 * Where a chapter's text opens: the first word in capitals (two letters or more, `OH`, `JEHOVÁ`,
 * `YO DIJE`), or `A` before one (`A TI`, `A JEHOVÁ`, `A NO`), with the `¡`/`¿` that opens it.
 * The RV1909 sets every chapter's first word in capitals, as its print does.
 */
const OPENING_CAPITALS = /[¡¿]*(?:A\s+)?\p{Lu}{2,}(?![\p{L}\p{M}])/u;

/**
 * The offset where a verse's text opens in capitals after a title, or -1. A title is text before
 * the opening capitals that has a letter and ends with `.`, `:`, `?` or `!` (`Salmo de David.`, `Aleluya.`, `… Entonces dijo:`).
 */
export function openingCapitalsAfterTitle(text: string): number {
  const m = OPENING_CAPITALS.exec(text);
  if (!m || m.index === 0) return -1;
  const before = text.slice(0, m.index);
  return /\p{L}/u.test(before) && /[.:?!]\s*$/.test(before) ? m.index : -1;
}

/**
 * Psalm titles written as plain text at the start of verse 1 (sources that open each chapter in
 * capitals, e.g. the RV1909: `Salmo de David. JEHOVÁ es mi pastor`): the text before the opening
 * capitals becomes the verse's title. Returns the number of titles made.
 */
export function psalmTitlesBeforeOpeningCapitals(ir: VersionIR): number {
  let n = 0;
  for (const c of ir.books.find((b) => b.osis === 'Ps')?.chapters ?? []) {
    const v = c.verses.find((x) => x.verse === 1);
    if (!v || c.chapter === 119) continue; // Psalm 119 opens with its first acrostic heading
    const at = openingCapitalsAfterTitle(tokensText(v.tokens));
    if (at < 0) continue;
    const [title, text] = splitTokensAt(v.tokens, at);
    v.tokens = text;
    addTitle(v, title);
    n++;
  }
  return n;
}

// ---- Psalm 119 acrostic headings -----------------------------------------------------------------

/** Verses of Psalm 119 that open one of its 22 stanzas (1, 9, 17, … 169). */
export const isStanzaStart = (verse: number) => verse % 8 === 1 && verse <= 169;

/** A heading in capitals (a Hebrew letter's name), with or without its full stop. */
const HEADING = /^(\p{Lu}{2,}\.?)\s+/u;

/**
 * Psalm 119 acrostic headings written as the first word of a stanza's first verse (`BETH ¿Con
 * qué…`, `ALEPH. BIENAVENTURADOS…`): the heading becomes the verse's title. Returns the count.
 */
export function acrosticHeadingsInText(ir: VersionIR): number {
  let n = 0;
  const ps119 = ir.books.find((b) => b.osis === 'Ps')?.chapters.find((c) => c.chapter === 119);
  for (const v of ps119?.verses ?? []) {
    if (!isStanzaStart(v.verse)) continue;
    const m = HEADING.exec(tokensText(v.tokens));
    if (!m) continue;
    const [title, text] = splitTokensAt(v.tokens, m[0].length);
    v.tokens = text;
    addTitle(v, title);
    n++;
  }
  return n;
}

// ---- Subscriptions of the epistles ---------------------------------------------------------------

/**
 * The epistles whose traditional subscription ("Written to the Romans from Corinthus…") the KJV
 * prints after their last verse: the letters of Paul and Hebrews.
 */
export const SUBSCRIPTION_BOOKS = [
  'Rom',
  '1Cor',
  '2Cor',
  'Gal',
  'Eph',
  'Phil',
  'Col',
  '1Thess',
  '2Thess',
  '1Tim',
  '2Tim',
  'Titus',
  'Phlm',
  'Heb',
];

/** The closing Amen of a letter, in the service's languages. */
const AMEN = /\bAm[eé]n[.!]/gu;
/**
 * A subscription says where the letter was written or by whom it was sent (English and Spanish):
 * `Written to the Romans from Corinthus`, `Fué escrita de Corinto`, `Enviada de Roma`.
 */
export const SUBSCRIPTION = /\b(?:written|sent|escrita|enviada)\b/iu;

/** The offset where a subscription starts inside a letter's last verse, or -1. */
export function subscriptionStart(text: string): number {
  let end = -1;
  for (const m of text.matchAll(AMEN)) end = m.index! + m[0].length;
  if (end < 0) return -1;
  const tail = text.slice(end).trim();
  return tail && SUBSCRIPTION.test(tail) ? end : -1;
}

/**
 * Drop the subscription a source writes inside the last verse of an epistle (the RV1909's
 * `… Amén. Fué escrita de Corinto á los Romanos, …`). Every version goes through it; the KJV's
 * never reach the IR (its importer drops them from the layout). Returns the books changed.
 */
export function dropSubscriptions(ir: VersionIR): string[] {
  const out: string[] = [];
  for (const b of ir.books) {
    if (!SUBSCRIPTION_BOOKS.includes(b.osis)) continue;
    const c = b.chapters[b.chapters.length - 1];
    const v = [...(c?.verses ?? [])].reverse().find((x) => x.tokens.length);
    if (!v) continue;
    const at = subscriptionStart(tokensText(v.tokens));
    if (at < 0) continue;
    v.tokens = splitTokensAt(v.tokens, at)[0];
    out.push(b.osis);
  }
  return out;
}

/** Psalm titles (verse 1 of a Psalm other than 119) and Psalm 119 headings of a version. */
export function countTitles(ir: VersionIR): { psalmTitles: number; headings: number } {
  let psalmTitles = 0;
  let headings = 0;
  for (const c of ir.books.find((b) => b.osis === 'Ps')?.chapters ?? []) {
    for (const v of c.verses) {
      if (!v.title?.length) continue;
      if (c.chapter === 119 && isStanzaStart(v.verse)) headings++;
      else if (v.verse === 1) psalmTitles++;
    }
  }
  return { psalmTitles, headings };
}

// ---- Build checks (validate.ts) ------------------------------------------------------------------

/** The titled Psalms one version must have (data/psalm-titles.json, validate.ts loadPsalmTitles). */
export interface PsalmTitleSpec {
  /** Psalm numbers with a title. */
  titled: number[];
}

/**
 * Psalm titles (data/psalm-titles.json): verse 1 of exactly the expected Psalms has a title,
 * Psalm 119 has its 22 acrostic headings on the stanzas' first verses, and no other verse of
 * Psalms has a title.
 */
export function checkPsalmTitles(version: string, ir: VersionIR, spec: PsalmTitleSpec): string[] {
  const ps = ir.books.find((b) => b.osis === 'Ps');
  if (!ps) return [];
  const errors: string[] = [];
  const titled: number[] = [];
  const headings: number[] = [];
  for (const c of ps.chapters) {
    for (const v of c.verses) {
      if (!v.title?.length) continue;
      if (c.chapter === 119 && isStanzaStart(v.verse)) headings.push(v.verse);
      else if (v.verse === 1) titled.push(c.chapter);
      else
        errors.push(
          `${version} Ps.${c.chapter}.${v.verse}: a title on a verse other than a Psalm's first or a Psalm 119 stanza's first`,
        );
    }
  }
  const want = new Set(spec.titled);
  const have = new Set(titled);
  const lacking = spec.titled.filter((n) => !have.has(n));
  const unexpected = titled.filter((n) => !want.has(n));
  if (lacking.length)
    errors.push(
      `${version} Psalm titles: ${lacking.length} Psalm(s) have no title: ${lacking.join(', ')} (data/psalm-titles.json)`,
    );
  if (unexpected.length)
    errors.push(
      `${version} Psalm titles: ${unexpected.length} Psalm(s) have a title not listed: ${unexpected.join(', ')} (data/psalm-titles.json)`,
    );
  if (headings.length !== 22)
    errors.push(
      `${version} Ps.119: ${headings.length} acrostic headings, expected 22 (verses 1, 9, … 169)`,
    );
  return errors;
}

/**
 * No letter ends with a subscription (SUBSCRIPTION: where it was written, by whom it was sent):
 * the last sentence of the last verse of every letter (`isLetter`: validate.ts passes the canon's
 * groups PAUL and GLET) is checked.
 */
export function checkSubscriptions(
  version: string,
  ir: VersionIR,
  isLetter: (osis: string) => boolean,
): string[] {
  const errors: string[] = [];
  for (const b of ir.books) {
    if (!isLetter(b.osis)) continue;
    const c = b.chapters[b.chapters.length - 1];
    const v = [...(c?.verses ?? [])].reverse().find((x) => x.tokens.length);
    if (!v) continue;
    const sentences = tokensText(v.tokens).split(/(?<=[.!?])\s+/);
    const last = sentences[sentences.length - 1];
    if (SUBSCRIPTION.test(last))
      errors.push(
        `${version} ${b.osis}.${c.chapter}.${v.verse}: ends with a subscription, not verse text: ${JSON.stringify(last.slice(0, 80))} (apart.ts dropSubscriptions)`,
      );
  }
  return errors;
}
