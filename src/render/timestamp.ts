/**
 * Spec "Timestamps": `Fri, 29 Oct 2010 14:03:39 +0000` (always UTC). `toUTCString()` writes
 * exactly this form with `GMT` for the zone (RFC 7231 IMF-fixdate), so only the zone changes.
 */
export function formatTimestamp(date: Date | number | string): string {
  const d = date instanceof Date ? date : new Date(date);
  return d.toUTCString().replace(/GMT$/, '+0000');
}
