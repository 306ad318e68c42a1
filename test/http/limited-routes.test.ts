import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { caseRouteOf, HEAVY_CASES } from '../../scripts/bench/heaviest';
import { limiterKind } from '../../src/api/budgets';
import { MCP_BOUNDS } from '../../src/api/mcp';
import { ROUTES } from '../../src/api/table';
import { RATE_LIMITS, type RateLimitKind } from '../../src/http/rate-limits';
import worker from '../../src/index';
import { basic, BASE, newUser } from '../support/http';
import { accountDb, makeModerator } from '../support/shards';
import { IMPORT_BYTES_PER_COUNT } from '../../src/api/limits';

/**
 * Every route that declares a limiter (src/api/table.ts `bounds`, and /mcp's) is refused with 429
 * once past it: the worker runs here with each limiter at a limit of 1
 * (test/support/rate-limits.ts LIMIT_ONE_TEST_LIMITERS), and each route is asked by a fresh account,
 * with the input of its heaviest case (scripts/bench/heaviest.ts), which meets the route's own
 * condition where it has one (a passage over several chapters, a download sent). So a route whose
 * declaration says it counts cannot quietly not count. The limits themselves, at their values:
 * test/http/rate-limits.test.ts.
 */

/** The worker's bindings with `kind`'s limiter at 1 and every other limiter out of reach. */
const onlyLimiting = (kind: RateLimitKind) =>
  new Proxy(env, {
    get: (target, name) =>
      name === RATE_LIMITS[kind].binding
        ? Reflect.get(target, `ONE_${name}`)
        : typeof name === 'string' && name.endsWith('_LIMITER')
          ? target.UNREACHED_TEST_LIMITER
          : Reflect.get(target, name),
  });

/** Inputs in place of the heaviest case's where the fixture lacks what that one reads. */
const INPUTS: Record<string, string> = {
  // The fixture builds the KJV's download, not the WEB's.
  'GET /versions/{version_id}/download': '/versions/KJV/download.xml',
};

async function send(
  kind: RateLimitKind,
  path: string,
  token: string,
  method = 'GET',
  body?: string,
) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(BASE + path, {
      method,
      headers: {
        Authorization: basic(token),
        ...(body
          ? { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }
          : {}),
      },
      body,
    }),
    onlyLimiting(kind),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** Requests that meet a route's further limit (its `alsoCounts`): a publication, an e-mail change, an import. */
const ALSO: { route: string; kind: RateLimitKind; method: string; path: string; body: string }[] = [
  {
    route: 'POST /notes',
    kind: 'publish',
    method: 'POST',
    path: '/notes.js',
    body: JSON.stringify({
      note: {
        title: 'p',
        public: 1,
        references: { reference: [{ start: 'KJV:Gen.1.1', end: 'KJV:Gen.1.1' }] },
      },
    }),
  },
  {
    route: 'PUT /user',
    kind: 'email',
    method: 'PUT',
    path: '/user.js',
    body: JSON.stringify({ user: { email: 'taken@example.test' } }),
  },
  {
    route: 'POST /user/import',
    kind: 'transfer',
    method: 'POST',
    path: '/user/import.js',
    body: JSON.stringify({ export: { notes: { note: [] } } }),
  },
];

/**
 * The path of round `round`: the same request in another format each time (JSON, XML, the page),
 * since a large page's kept answer serves a repeat without counting (src/routes/cross-references.ts)
 * and only a rendering afresh meets the limit.
 */
const inFormatOf = (path: string, round: number) =>
  path.replace(/\.js(?=\?|$)/, ['.js', '.xml', ''][round]);

/** What a 429's body says, whatever its format (a page escapes the apostrophes of the text). */
const refusalText = (body: string) => body.replaceAll('&#39;', "'");

/** Sends until a 429 (at most 3: a limiter's window may turn between two) and checks it. */
async function expectLimited(kind: RateLimitKind, path: string, method?: string, body?: string) {
  const account = await newUser('one');
  await makeModerator(account.id);
  const statuses: number[] = [];
  for (let i = 0; i < 3 && !statuses.includes(429); i++) {
    const res = await send(kind, inFormatOf(path, i), account.token, method, body);
    statuses.push(res.status);
    if (res.status === 429) {
      expect(res.headers.get('Retry-After')).toBe(String(RATE_LIMITS[kind].period));
      expect(refusalText(await res.text())).toContain(
        `Rate limit reached for ${RATE_LIMITS[kind].counts}`,
      );
    } else await res.arrayBuffer();
  }
  expect(statuses, path).toContain(429);
  expect(statuses[0], path).not.toBe(429);
}

const limited = [
  ...ROUTES.map((r) => ({ route: caseRouteOf(r.method, r.path), kind: limiterKind(r.bounds) })),
  { route: 'POST /mcp', kind: limiterKind(MCP_BOUNDS) },
].filter((r): r is { route: string; kind: RateLimitKind } => !!r.kind && r.kind !== 'readKey');

describe('every route that declares a limiter is refused past it', () => {
  it('lists the routes it checks', () => {
    expect(limited.length).toBeGreaterThan(20);
  });
  for (const { route, kind } of limited) {
    it(`${route}: 429 against ${RATE_LIMITS[kind].binding} once past a limit of 1`, async () => {
      const heavy = HEAVY_CASES.find((c) => c.route === route)!;
      await expectLimited(kind, INPUTS[route] ?? heavy.path, heavy.method, heavy.body);
    });
  }
  it('and every further limit a route declares (alsoCounts) has a request below', () => {
    const declared = ROUTES.flatMap((r) => Object.keys(r.bounds.alsoCounts ?? {}));
    expect(declared.length).toBeGreaterThan(0);
    for (const kind of declared)
      expect(
        ALSO.map((a) => a.kind),
        kind,
      ).toContain(kind);
  });
  for (const also of ALSO) {
    it(`${also.route}: 429 against ${RATE_LIMITS[also.kind].binding} (a further limit) once past 1`, async () => {
      await expectLimited(also.kind, also.path, also.method, also.body);
    });
  }
  it('POST /user/import: counts against TRANSFER_LIMITER by its size, so past a limit of 1 once its body passes IMPORT_BYTES_PER_COUNT, nothing written', async () => {
    const importOf = (notes: number) =>
      JSON.stringify({
        export: {
          notes: {
            note: Array.from({ length: notes }, (_, i) => ({
              title: `sized ${i}`,
              content: 'x'.repeat(10_000),
              references: { reference: [{ start: 'KJV:Gen.1.1', end: 'KJV:Gen.1.1' }] },
            })),
          },
        },
      });
    const small = importOf(Math.floor(IMPORT_BYTES_PER_COUNT / 10_000) - 2);
    const large = importOf(Math.ceil(IMPORT_BYTES_PER_COUNT / 10_000) + 1);
    expect(new TextEncoder().encode(small).byteLength).toBeLessThan(IMPORT_BYTES_PER_COUNT);
    expect(new TextEncoder().encode(large).byteLength).toBeGreaterThan(IMPORT_BYTES_PER_COUNT);
    const minute = () => Math.floor(Date.now() / 60_000);
    const fits = await newUser('one');
    const accepted = await send('transfer', '/user/import.js', fits.token, 'POST', small);
    expect(accepted.status, await accepted.text()).toBe(200);
    const account = await newUser('one');
    const startMinute = minute();
    const refused = await send('transfer', '/user/import.js', account.token, 'POST', large);
    // A window that turned between its two counts lets it through (a limiter's windows are fixed).
    if (minute() !== startMinute) return;
    expect(refused.status).toBe(429);
    expect(refusalText(await refused.text())).toContain(
      `Rate limit reached for ${RATE_LIMITS.transfer.counts}`,
    );
    const stored = await (
      await accountDb(account.id)
    )
      .prepare('SELECT count(*) AS n FROM notes WHERE user_id = ?')
      .bind(account.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });
});
