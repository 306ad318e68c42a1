/**
 * `If-None-Match` against an entity tag, by the weak comparison RFC 9110 §13.1.2 requires of it:
 * `W/"x"` and `"x"` compare equal, the header lists tags (`a, b`) and `*` matches any current
 * representation. A compressing proxy weakens a strong tag on its way to the client, which then
 * sends the weak one back.
 */

/** The opaque part of an entity tag, so that `W/"x"` and `"x"` compare equal. */
const opaque = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** 'tag' when one listed tag matches ours, 'any' for `*`, else null. */
export function ifNoneMatches(ifNoneMatch: string, etag: string): 'tag' | 'any' | null {
  const mine = opaque(etag);
  const tags = ifNoneMatch.split(',').map((t) => t.trim());
  if (tags.some((t) => t !== '*' && opaque(t) === mine)) return 'tag';
  return tags.includes('*') ? 'any' : null;
}
