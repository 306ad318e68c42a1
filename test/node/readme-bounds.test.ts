import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boundsMarkdown } from '../../scripts/lib/bounds-markdown';

// The table of every route's rate limit, largest answer and body limit (docs/configuration.md) says what the route
// table declares (src/api/table.ts `bounds`): made from it, compared here.
describe('The bounds of every route in docs/configuration.md', () => {
  it('is the table the route table makes (scripts/lib/bounds-markdown.ts)', () => {
    const readme = readFileSync('docs/configuration.md', 'utf8');
    const start = readme.indexOf('<!-- bounds:start -->');
    const end = readme.indexOf('<!-- bounds:end -->');
    expect(start, 'docs/configuration.md has the bounds:start mark').toBeGreaterThan(0);
    const written = readme.slice(start + '<!-- bounds:start -->'.length, end).trim();
    const expected = boundsMarkdown();
    expect(
      written,
      `docs/configuration.md's bounds table is stale; it should read:\n${expected}\n`,
    ).toBe(expected);
  });
});
