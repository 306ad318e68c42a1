import { bytesForPeople, EXEMPT_ANSWERS, NO_BODY } from '../../src/api/budgets';
import { RATE_LIMITS } from '../../src/http/rate-limits';
import { MCP_BOUNDS } from '../../src/api/mcp';
import { ROUTES } from '../../src/api/table';

/**
 * docs/configuration.md's table of every route's bounds (between the `bounds:start` and `bounds:end` marks),
 * made from the route table, so that it says what the table declares: test/node/readme-bounds.test.ts
 * fails when the two differ and prints the table to paste.
 */
export function boundsMarkdown(): string {
  const groups = new Map<string, string[]>();
  const mcp = { method: 'post', path: '/mcp', bounds: MCP_BOUNDS };
  for (const route of [...ROUTES, mcp]) {
    const b = route.bounds;
    const limiter =
      b.limiter.kind === 'none'
        ? `none (${b.limiter.why.split(',')[0]})`
        : `\`${RATE_LIMITS[b.limiter.kind].binding}\`${b.limiter.when ? ` (${b.limiter.when})` : ''}`;
    const also = Object.entries(b.alsoCounts ?? {})
      .map(([k, when]) => `; \`${RATE_LIMITS[k as keyof typeof RATE_LIMITS].binding}\` ${when}`)
      .join('');
    const exempt = EXEMPT_ANSWERS.get(b.answerBytes);
    const answer = `${bytesForPeople(b.answerBytes)}${exempt ? ` (${exempt})` : ''}`;
    const body = b.bodyBytes === NO_BODY ? '-' : bytesForPeople(b.bodyBytes);
    const key = `${limiter}${also} | ${answer} | ${body} | ${b.kvReads} |`;
    const path = route.path.startsWith('/assets/') ? '/assets/…' : route.path;
    const name = `${route.method.toUpperCase()} \`${path}\``;
    const list = groups.get(key) ?? [];
    if (!list.includes(name)) list.push(name);
    groups.set(key, list);
  }
  const rows = [...groups].map(([key, names]) => `| ${names.join(', ')} | ${key}`);
  return [
    '| routes | rate limit | largest answer | body | KV reads |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
