import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { XMLParser } from 'fast-xml-parser';
import { hashPassword } from '../../src/auth/crypto';
import { createAccounts } from '../../src/auth/new-account';
import { d1Runner, shardNames } from '../../src/db/shards';
import worker from '../../src/index';

export const BASE = 'https://api.test';

/** Whether the fixture has the WEB (Debian `sword-text-web`); CI always installs it. */
export const HAS_WEB: boolean = env.TEST_HAS_WEB;
/** Whether the fixture has the Reina-Valera 1909 (Debian `sword-text-sparv`); CI always installs it. */
export const HAS_RV1909: boolean = env.TEST_HAS_RV1909;
/** The fixture's English versions in service order. */
export const ENGLISH_VERSIONS = HAS_WEB ? ['KJV', 'ASV', 'WEB'] : ['KJV', 'ASV'];
/** Whether the fixture has the study layer and its versions WLC, TR and SBLGNT (Debian `bibledit-cloud-data`; CI always installs it). */
export const HAS_STUDY: boolean = env.TEST_HAS_STUDY;
/** The original-language versions, after the translations. */
export const ORIGINAL_VERSIONS = HAS_STUDY ? ['WLC', 'TR', 'SBLGNT'] : [];
/** Whether the fixture has WEBU, the WEB's USFM added by version:add (Debian `bibledit-cloud-data`; CI always installs it). */
export const HAS_WEBU: boolean = env.TEST_HAS_WEBU;
/**
 * The versions the fixture adds with `npm run version:add` (scripts/fixture.ts FIXTURE_VERSIONS):
 * WEBU, the WEB's USFM, when its package is installed (Psalms, John and Tobit only), and on every
 * machine the LSG, a few verses of Genesis 1 and John 1-3 in French, and WLCMAL, the Hebrew
 * Malachi.
 */
export const ADDED_VERSIONS = [...(HAS_WEBU ? ['WEBU'] : []), 'LSG', 'WLCMAL'];
/** The fixture's versions in service order. */
export const VERSIONS = [
  ...ENGLISH_VERSIONS,
  ...(HAS_RV1909 ? ['RV1909'] : []),
  ...ORIGINAL_VERSIONS,
  ...ADDED_VERSIONS,
];
/**
 * The versions that have the whole New Testament (the WLC is the Hebrew Bible only; the LSG has
 * John alone, WLCMAL Malachi; WEBU, the whole WEB, has it).
 */
export const NT_VERSIONS = VERSIONS.filter((v) => !['WLC', 'LSG', 'WLCMAL'].includes(v));
/** The English versions, the added WEBU after the others. */
export const ALL_ENGLISH_VERSIONS = [...ENGLISH_VERSIONS, ...(HAS_WEBU ? ['WEBU'] : [])];
export const LAST_VERSION = VERSIONS[VERSIONS.length - 1];

let counter = 0;
const PASSWORD = 'correct horse';
/**
 * The accounts' password, hashed once per test worker: each account has a token of its own, but a
 * PBKDF2 hash per account (100,000 iterations) was ~3 s of the Workers tests' CPU.
 */
let passwordHash: Promise<string> | undefined;

/**
 * A fresh account in the test worker's D1, placed by the directory in one of the databases that
 * hold accounts as any account is (docs/scale.md); returns its id, API token and database.
 */
export async function newUser(
  prefix = 'reader',
  bindings: object = env,
): Promise<{ id: number; token: string; shard: string }> {
  counter++;
  passwordHash ??= hashPassword(PASSWORD);
  const [made] = await createAccounts(d1Runner(bindings), shardNames(bindings), [
    {
      email: `${prefix}${counter}-${Date.now()}@example.test`,
      password: PASSWORD,
      passwordHash: await passwordHash,
    },
  ]);
  return made;
}

export function basic(token: string, password = 'x'): string {
  return `Basic ${btoa(`${token}:${password}`)}`;
}

/**
 * A request through the whole worker (its entry point, src/index.ts: middleware, routes,
 * renderer), against the test worker's real KV and D1, returned once the work the request left
 * to `waitUntil` is done.
 *
 * The entry point is called as the runtime calls it, with the bindings and an execution context
 * of the Workers Vitest integration, rather than through `exports.default.fetch`: that wrapper
 * calls the same `fetch` with the same `env`, but first imports the main module again through
 * Vite's module runner, inside the integration's runner object, on every request (its
 * `getWorkerEntrypointExport`): ~2 ms a request against ~0.05 ms called directly, measured on
 * the 2-core build machine (27 November 2026), and the Workers tests make ~2,900 requests.
 */
export async function call(
  path: string,
  token: string | null,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token !== null && !headers.has('Authorization')) headers.set('Authorization', basic(token));
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(BASE + path, { ...init, headers }), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: () => false,
});

/** Parses an XML body (attributes as `@name`, text as strings). */
export function parseXml(text: string): any {
  return parser.parse(text);
}

export async function getXml(
  path: string,
  token: string,
): Promise<{ res: Response; body: any; text: string }> {
  const res = await call(path, token);
  const text = await res.text();
  return { res, body: parseXml(text), text };
}

export async function getJson(path: string, token: string): Promise<{ res: Response; body: any }> {
  const res = await call(path, token);
  return { res, body: await res.json() };
}

/**
 * Every verse a search finds (`/verses.js?…`), page after page as a client pages: the next page
 * starts after the `rpp` verses of the last (a page whose verses are far apart holds fewer than
 * its `limit`: src/api/limits.ts MAX_PAGE_VALUES). The first page's result, its verses all of them.
 */
export async function everyVerse(path: string, token: string): Promise<any> {
  const first = (await getJson(path, token)).body.search.result;
  const verses = [...first.verses.verse];
  for (let next = first.summary.rpp; next < first.summary.total;) {
    const page = (await getJson(`${path}&offset=${next}`, token)).body.search.result;
    if (!page.verses.verse.length) break;
    verses.push(...page.verses.verse);
    next += page.summary.rpp;
  }
  return { ...first, verses: { verse: verses } };
}
