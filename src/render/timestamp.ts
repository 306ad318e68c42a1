/**
 * docs/contract.md "Timestamps": `Fri, 29 Oct 2010 14:03:39 +0000` (always UTC). `toUTCString()` writes
 * exactly this form with `GMT` for the zone (RFC 7231 IMF-fixdate), so only the zone changes.
 */
export function formatTimestamp(date: Date | number | string): string {
  if (typeof date === 'number') {
    const kept = recent.get(date);
    if (kept !== undefined) return kept;
  }
  const d = date instanceof Date ? date : new Date(date);
  const text = d.toUTCString().replace(/GMT$/, '+0000');
  if (typeof date === 'number') {
    if (recent.size >= RECENT) recent.clear();
    recent.set(date, text);
  }
  return text;
}

/**
 * The last timestamps written, by their milliseconds: a list of 500 notes writes 4,000 of them,
 * mostly the same few (a note and its references are written in one batch, at one time).
 */
const recent = new Map<number, string>();
const RECENT = 64;
