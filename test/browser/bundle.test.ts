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
});
