import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as s from '../../src/mcp/schema';
import { TOOLS } from '../../src/mcp/tools';

/**
 * The MCP tools' argument schemas (src/mcp/schema.ts) against zod, which they replace in the
 * Worker (docs/mcp.md "The bundle") and which stays for the tests: the same argument shapes, built
 * with each, list the same JSON Schema as `z.toJSONSchema(…, { io: 'input' })` and refuse the same
 * values in `z.prettifyError`'s words, and accept the same ones with the same result.
 */

const pattern = /^[A-Za-z0-9]{1,16}$/;

/** One shape in both, with every kind and check the tools use, and those the module offers. */
const ours = {
  text: s.string().min(1).max(5).describe('Some text'),
  code: s.string().regex(pattern, 'a version code such as KJV').optional().describe('A code'),
  plain: s.string().regex(/^a+$/).optional(),
  page: s.number().int().min(1).max(1000).optional().describe('A page'),
  count: s.number().int().optional(),
  ratio: s.number().min(0).max(1).optional(),
  flag: s.boolean().optional(),
  mode: s.enum(['fast', 'slow']).optional(),
  list: s.array(s.string().min(1).max(3)).min(1).max(2).describe('A list'),
};
const theirs = {
  text: z.string().min(1).max(5).describe('Some text'),
  code: z.string().regex(pattern, 'a version code such as KJV').optional().describe('A code'),
  plain: z.string().regex(/^a+$/).optional(),
  page: z.number().int().min(1).max(1000).optional().describe('A page'),
  count: z.number().int().optional(),
  ratio: z.number().min(0).max(1).optional(),
  flag: z.boolean().optional(),
  mode: z.enum(['fast', 'slow']).optional(),
  list: z.array(z.string().min(1).max(3)).min(1).max(2).describe('A list'),
};

const valid = { text: 'abc', list: ['a'] };

/** Arguments each refused or accepted, one member changed at a time, and a few at once. */
const CASES: Record<string, unknown>[] = [
  valid,
  { ...valid, code: 'KJV', plain: 'aa', page: 3, count: -4, ratio: 0.5, flag: true, mode: 'slow' },
  { ...valid, other: 1 },
  {},
  { text: 5, list: 'a' },
  { text: null, list: null },
  { text: '', list: [] },
  { text: 'abcdef', list: ['a', 'b', 'c'] },
  { ...valid, list: ['', 'abcd'] },
  { ...valid, list: [1, null] },
  { ...valid, list: ['', 'a', 'b'] },
  { ...valid, code: 'K J V' },
  { ...valid, code: null },
  { ...valid, plain: 'b' },
  { ...valid, page: 0 },
  { ...valid, page: 1001 },
  { ...valid, page: 1.5 },
  { ...valid, page: '2' },
  { ...valid, page: [] },
  { ...valid, count: 2 ** 60 },
  { ...valid, ratio: 2 },
  { ...valid, ratio: -0.5 },
  { ...valid, flag: 'yes' },
  { ...valid, mode: 'medium' },
  { ...valid, mode: 3 },
  { text: {}, list: [''], page: 0, mode: 'x' },
];

/** What zod makes of `args`: the value, or prettifyError's text. */
function zodResult(strict: boolean, args: unknown) {
  const parsed = (strict ? z.strictObject(theirs) : z.object(theirs)).safeParse(args);
  return parsed.success ? { value: parsed.data } : { text: z.prettifyError(parsed.error) };
}

function ourResult(strict: boolean, args: Record<string, unknown>) {
  const parsed = s.parseArguments(ours, strict, args);
  return parsed.ok ? { value: parsed.value } : { text: s.issuesText(parsed.issues) };
}

describe('MCP argument schemas, against zod', () => {
  it('list the JSON Schema zod lists, strict or not', () => {
    expect(s.objectJsonSchema(ours, false)).toEqual(
      z.toJSONSchema(z.object(theirs), { io: 'input' }),
    );
    expect(s.objectJsonSchema(ours, true)).toEqual(
      z.toJSONSchema(z.strictObject(theirs), { io: 'input' }),
    );
  });

  it('accept and refuse what zod does, in its words', () => {
    for (const strict of [false, true])
      for (const args of CASES)
        expect(ourResult(strict, args), `${strict} ${JSON.stringify(args)}`).toEqual(
          zodResult(strict, args),
        );
  });

  it('name a member whose key is not a word as zod does', () => {
    const parsed = s.parseArguments({ 'a-b': s.string() }, false, {});
    expect(parsed.ok ? '' : s.issuesText(parsed.issues)).toBe(
      z.prettifyError(z.object({ 'a-b': z.string() }).safeParse({}).error!),
    );
  });

  it('every tool lists an object schema of the 2020-12 dialect, strict ones closed', () => {
    for (const tool of TOOLS) {
      const listed = s.objectJsonSchema(tool.input, tool.strict === true);
      expect(listed).toMatchObject({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
      });
      expect(listed.additionalProperties, tool.name).toBe(tool.strict ? false : undefined);
    }
  });
});
