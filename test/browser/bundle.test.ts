import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSite, type Site } from './harness';

/**
 * The bundle `wrangler deploy --dry-run` builds, which the shared site serves (every browser test
 * runs against it): built without esbuild's keepNames (wrangler.toml `keep_names = false`), whose
 * helper, `(fn, name) => defineProperty(fn, "name", { value: name, configurable: true })`, was
 * called after every function and class at the top level of a fresh isolate (docs/speed.md
 * "Cold start").
 */

let site: Site;

beforeAll(async () => {
  site = await openSite('reader@bundle.test');
});

describe('the deployed bundle', () => {
  it('sets no function or class name at its top level', () => {
    const source = readFileSync(path.join(site.bundle, 'index.js'), 'utf8');
    expect(source).not.toMatch(/"name",\{value:\w+,configurable:!0\}/);
  });

  it('wraps in lazy initializers only the modules loaded on first use', () => {
    // esbuild wraps each module an `import()` reaches in a lazy initializer (its `__esm` helper,
    // minified: `(fn, res, err) => () => { if (err) throw err[0]; try { return fn && … } }`), and
    // every module that one imports, shared ones too. A shared module the top level needs anyway
    // then costs a fresh isolate its body parsed twice and a call: with the MCP server behind
    // `import()`, 222 modules (Drizzle, the schema, the annotations) were wrapped, and evaluating
    // the module ran half as many instructions again (docs/speed.md "Cold start"). Today's 39: fast-xml-parser's
    // modules with src/http/xml-body.ts and the three small modules of ours it shares, and the
    // reference parser's three.
    const source = readFileSync(path.join(site.bundle, 'index.js'), 'utf8');
    const helper =
      /var ([\w$]+)=\([\w$]+,[\w$]+,[\w$]+\)=>\(\)=>\{if\([\w$]+\)throw [\w$]+\[0\];try\{return /.exec(
        source,
      );
    const wrapped = helper ? source.split(`=${helper[1]}(()=>`).length - 1 : 0;
    expect(wrapped).toBeGreaterThan(0); // the helper's shape is still the one read above
    expect(wrapped).toBeLessThanOrEqual(45);
  });
});
