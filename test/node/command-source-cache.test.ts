import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandCacheFile } from '../../scripts/snapshot/importers/command-source';
import { REPO_ROOT } from '../../scripts/snapshot/paths';
import { swordModuleHash } from '../../scripts/snapshot/importers/sword-module';

// mod2osis's output is kept outside the repository, named by the SWORD module's files' hash
// (scripts/snapshot/importers/command-source.ts): every clone on the machine reuses it, and a
// module changed in place is read again. A made-up module in a SWORD_PATH of the test's own.

const saved = {
  SWORD_PATH: process.env.SWORD_PATH,
  SCRIPTURE_CACHE_DIR: process.env.SCRIPTURE_CACHE_DIR,
};
let root: string;
let sword: string;
let cache: string;

/** A SWORD root holding module `name` whose one data file has `bytes`. */
function installModule(name: string, bytes: string): void {
  mkdirSync(path.join(sword, 'mods.d'), { recursive: true });
  writeFileSync(
    path.join(sword, 'mods.d', `${name.toLowerCase()}.conf`),
    `[${name}]\nDataPath=./modules/texts/ztext/${name.toLowerCase()}/\nModDrv=zText\n`,
  );
  const data = path.join(sword, 'modules', 'texts', 'ztext', name.toLowerCase());
  mkdirSync(data, { recursive: true });
  writeFileSync(path.join(data, 'nt.bzz'), bytes);
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'command-cache-'));
  sword = path.join(root, 'sword');
  cache = path.join(root, 'cache');
  process.env.SWORD_PATH = sword;
  process.env.SCRIPTURE_CACHE_DIR = cache;
});

afterAll(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  rmSync(root, { recursive: true, force: true });
});

describe('the cached output of mod2osis', () => {
  it('lies in the user cache, outside the repository, named by the module', () => {
    installModule('FakeA', 'one');
    const file = commandCacheFile(['mod2osis', 'FakeA']);
    expect(path.dirname(file)).toBe(cache);
    expect(file.startsWith(REPO_ROOT + path.sep)).toBe(false);
    expect(path.basename(file)).toMatch(/^mod2osis-FakeA-[0-9a-f]{16}\.xml$/);
  });

  it('is named by the module’s files: the same bytes the same hash, a changed file another', () => {
    installModule('FakeB', 'two');
    const before = swordModuleHash('FakeB');
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    expect(swordModuleHash('FakeB')).toBe(before);
    installModule('FakeB', 'two, changed in place');
    expect(swordModuleHash('FakeB')).not.toBe(before);
    expect(swordModuleHash('NotInstalled')).toBeNull();
  });
});
