import { hashToken } from './crypto';

/**
 * A publishable read key and what its row stores, apart from any D1 client, so that
 * `npm run user -- key …` makes keys with the worker's own code without loading Drizzle (as
 * ./new-account.ts for accounts). What a key may do: docs/tagger.md "Read keys".
 *
 * A key reads `rk_<id>_<secret>`: `<id>` (10 hex digits, 40 random bits) is public, shown by
 * `key list` and named by `key revoke`; `<secret>` (32 random bytes, hex) makes the key
 * unguessable. Only the whole key's SHA-256 is stored.
 */
export const READ_KEY_PATTERN = /^rk_([0-9a-f]{10})_[0-9a-f]{64}$/;

/** Origins one key may list: a site and its few variants (www, staging), not a directory. */
export const MAX_KEY_ORIGINS = 20;

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/**
 * An origin as a browser writes it in the `Origin` header (the URL Standard's serialization:
 * lower-case scheme and host, no default port, no path), or a reason it is not one. Only `http`
 * and `https`: the pages of other sites; `null` (sandboxed frames, files) and `*` are refused,
 * since a key must name who may use it.
 */
export function normalizeOrigin(input: string): { origin: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { problem: `${JSON.stringify(input)} is not a URL (write it as https://example.org)` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { problem: `${JSON.stringify(input)}: an origin is http:// or https://` };
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/')
    return {
      problem: `${JSON.stringify(input)}: an origin is scheme://host[:port] only, without a path, query or user`,
    };
  return { origin: url.origin };
}

/** The origins of `inputs`, normalized and without repeats, or the problems found. */
export function keyOrigins(inputs: readonly string[]): { origins: string[]; problems: string[] } {
  const origins: string[] = [];
  const problems: string[] = [];
  for (const input of inputs) {
    const result = normalizeOrigin(input);
    if ('problem' in result) problems.push(result.problem);
    else if (!origins.includes(result.origin)) origins.push(result.origin);
  }
  if (!inputs.length) problems.push('a key needs at least one --origin');
  if (origins.length > MAX_KEY_ORIGINS)
    problems.push(`a key lists at most ${MAX_KEY_ORIGINS} origins`);
  return { origins, problems };
}

/** How the origins are stored in one column: space-separated (no origin holds a space). */
export const joinOrigins = (origins: readonly string[]): string => origins.join(' ');
export const splitOrigins = (stored: string): string[] => stored.split(' ').filter(Boolean);

/** A new key (shown once) and its row's values. */
export async function prepareReadKey(origins: readonly string[], now = Date.now()) {
  const keyId = hex(crypto.getRandomValues(new Uint8Array(5)));
  const key = `rk_${keyId}_${hex(crypto.getRandomValues(new Uint8Array(32)))}`;
  return {
    key,
    row: { keyId, keyHash: await hashToken(key), origins: joinOrigins(origins), createdAt: now },
  };
}
