import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/snapshot/paths';

// A fresh isolate evaluates the worker's module before its first request (docs/speed.md "Cold
// start"): what the top level builds, every isolate pays. The reference parser and its languages'
// data were most of it; they load on the first request that reads a reference
// (src/search/references.ts loadReferenceParser). Counted here by the modules Node resolves.
// So are the XML reader (src/http/xml-body.ts: fast-xml-parser's modules) and the first `Intl`
// object, which loads ICU's data (src/pages/messages/types.ts): each on first use.

/**
 * Records every module of the reference parser Node resolves (globalThis.__parser), every
 * module of fast-xml-parser (globalThis.__xml) and every `Intl` object made or locale method
 * called (globalThis.__intl).
 */
const HOOK = `
import { registerHooks } from 'node:module';
globalThis.__parser = [];
globalThis.__xml = [];
globalThis.__intl = [];
for (const kind of ['ListFormat', 'NumberFormat', 'PluralRules', 'DateTimeFormat', 'Collator']) {
  Intl[kind] = new Proxy(Intl[kind], {
    construct(target, args) {
      globalThis.__intl.push(kind);
      return new target(...args);
    },
  });
}
// The locale methods make an Intl object inside, which the constructors' proxies do not see.
for (const [proto, names] of [
  [Number.prototype, ['toLocaleString']],
  [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
  [String.prototype, ['localeCompare']],
]) {
  for (const name of names) {
    const own = proto[name];
    proto[name] = function (...args) {
      globalThis.__intl.push(name);
      return own.apply(this, args);
    };
  }
}
registerHooks({
  resolve(spec, ctx, next) {
    const r = next(spec, ctx);
    if (r.url.includes('bible-passage-reference-parser')) globalThis.__parser.push(r.url);
    if (r.url.includes('fast-xml-parser')) globalThis.__xml.push(r.url);
    return r;
  },
});`;

describe('the worker module’s evaluation', () => {
  // One Node process that compiles the whole worker through tsx: ~1 s alone, 40 s seen on the
  // shared machine at load 20.
  it(
    'loads the reference parser, the XML reader and ICU on first use, not with the module',
    { timeout: 120_000 },
    async () => {
      const url = (file: string) => pathToFileURL(path.join(REPO_ROOT, file)).href;
      const probe = `
      await import(${JSON.stringify(url('src/index.ts'))});
      const before = globalThis.__parser.length;
      const xml = globalThis.__xml.length;
      const intl = [...globalThis.__intl];
      const { parseXmlBody } = await import(${JSON.stringify(url('src/http/xml-body.ts'))});
      const body = parseXmlBody('<note><title>T</title></note>');
      const { loadReferenceParser, parseReferences } = await import(${JSON.stringify(url('src/search/references.ts'))});
      await loadReferenceParser();
      const ranges = parseReferences('John 3:16', ['eng'], {});
      console.log(JSON.stringify({ before, after: globalThis.__parser.length, ranges, xml, xmlAfter: globalThis.__xml.length, body, intl }));`;
      const run = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          '--import',
          `data:text/javascript,${encodeURIComponent(HOOK)}`,
          '--input-type=module',
          '-e',
          probe,
        ],
        { cwd: REPO_ROOT, encoding: 'utf8' },
      );
      const out = JSON.parse(run.stdout.trim().split('\n').pop()!);
      expect(out.before).toBe(0);
      expect(out.xml).toBe(0);
      expect(out.intl).toEqual([]);
      expect(out.xmlAfter).toBeGreaterThan(0);
      expect(out.body).toEqual({ note: { title: 'T' } });
      expect(out.after).toBeGreaterThanOrEqual(3); // the parser, English and Spanish
      expect(out.ranges).toEqual([
        {
          start: { book: 'John', chapter: 3, verse: 16 },
          end: { book: 'John', chapter: 3, verse: 16 },
        },
      ]);
    },
  );

  // What a module builds at its top level on first use instead (src/cache/once.ts): seen by V8's
  // precise coverage, which counts the calls of every function, each named by its source.
  it(
    'builds the OpenAPI schemas on first use, not with the module',
    { timeout: 120_000 },
    async () => {
      const called = await calledFunctions(
        `const { openApiJson } = await import(${JSON.stringify(url('src/openapi/document.ts'))});
        openApiJson();`,
      );
      const schemaBuilders = (calls: Calls) =>
        Object.entries(calls)
          .filter(([file]) => /^src\/api\/schemas\/(?!shapes)/.test(file))
          .flatMap(([file, names]) => Object.keys(names).map((n) => `${file} ${n}`));
      expect(schemaBuilders(called.withModule)).toEqual([]);
      for (const builder of ['link', 'document', 'pagedDocument', 'withSiblings'])
        expect(called.withModule['src/api/schemas/shapes.ts']?.[builder]).toBeUndefined();
      expect(schemaBuilders(called.afterFirstUse)).toContain(
        'src/api/schemas/account.ts accountSchemas',
      );
      expect(called.afterFirstUse['src/api/schemas/shapes.ts']?.document).toBeGreaterThan(0);
    },
  );

  it(
    'builds the route table’s patterns of read keys, of GET operations and of reads of others on first use',
    { timeout: 120_000 },
    async () => {
      const table = JSON.stringify(url('src/api/table.ts'));
      const called = await calledFunctions(
        `const t = await import(${table});
        t.isReadKeyRoute('GET', '/verses/x');
        t.getOperationOf('/verses/x');
        t.readsOthersPath('/notes');`,
      );
      // One pattern with the module: the personal paths, which every request reads.
      expect(called.withModule['src/api/route-paths.ts']?.pathPattern).toBe(1);
      // Then the read keys' (GET and POST), one per GET operation, and the reads of others'.
      expect(called.afterFirstUse['src/api/route-paths.ts']?.pathPattern).toBeGreaterThan(20);
    },
  );
});

const url = (file: string) => pathToFileURL(path.join(REPO_ROOT, file)).href;

/** How many times each function of src/ was called, by file and name (tsx's `__name` helper aside). */
type Calls = Record<string, Record<string, number>>;

/**
 * The functions of src/ called while Node imports the worker's module, and those called after
 * that, while `firstUse` ran.
 */
async function calledFunctions(
  firstUse: string,
): Promise<Record<'withModule' | 'afterFirstUse', Calls>> {
  const probe = `
    import { Session } from 'node:inspector/promises';
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    const src = ${JSON.stringify(url('src/'))};
    const called = async () => {
      const { result } = await session.post('Profiler.takePreciseCoverage');
      const out = {};
      for (const script of result)
        if (script.url.startsWith(src))
          for (const f of script.functions)
            if (f.functionName && f.functionName !== '__name' && f.ranges[0].count > 0)
              (out['src/' + script.url.slice(src.length)] ??= {})[f.functionName] = f.ranges[0].count;
      return out;
    };
    await import(${JSON.stringify(url('src/index.ts'))});
    const withModule = await called();
    ${firstUse}
    const afterFirstUse = await called();
    console.log(JSON.stringify({ withModule, afterFirstUse }));`;
  const run = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', probe],
    { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(run.stdout.trim().split('\n').pop()!);
}
