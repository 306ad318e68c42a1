import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadManifest } from '../../scripts/snapshot/manifest';
import { REPO_ROOT, resolveSourcePath } from '../../scripts/snapshot/paths';
import { modulesImportedBy, runScript, warmScriptModules } from '../support/run-script';
import { BIBLEDIT_DIR } from '../../scripts/versions/verse-map';
import { main as addVersion, UsageError } from '../../scripts/version-add';

// `npm run version:add` and `version:remove` as a user runs them, on a temporary copy of data/
// (`--data`), never on the real files, with a made-up USFM text in a language new to the service.

const DATA = path.join(REPO_ROOT, 'data');
const tmp = mkdtempSync(path.join(tmpdir(), 'version-add-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const data = path.join(tmp, 'data');
cpSync(DATA, data, {
  recursive: true,
  filter: (f) => path.relative(DATA, f).split(path.sep)[0] !== 'snapshot',
});
const EDITED = [
  'versions.json',
  'book-names.json',
  'versification-gaps.json',
  'versification-map.json',
];
const snapshotOf = () =>
  Object.fromEntries(EDITED.map((f) => [f, readFileSync(path.join(data, f), 'utf8')]));
const original = snapshotOf();
/** Every file of the data folder, byte for byte (a failed import must change none). */
const everyFile = () =>
  Object.fromEntries(
    readdirSync(data, { recursive: true, encoding: 'utf8' })
      .filter((f) => statSync(path.join(data, f)).isFile())
      .sort()
      .map((f) => [
        f,
        createHash('sha256')
          .update(readFileSync(path.join(data, f)))
          .digest('hex'),
      ]),
  );
const originalFiles = everyFile();

const run = (script: string, args: string[]) => runScript(script, [...args, '--data', data]);
// Most runs below are refusals, which leave by process.exit before tsx has cached what it
// transformed (../support/run-script.ts): one run that ends on its own caches it for all of them.
beforeAll(() => warmScriptModules('scripts/version-add.ts'), 120_000);

/**
 * A refusal of version:add that comes before its import, in this process: the command's `main`
 * with the same arguments; what it throws is what the command prints after "version:add failed:",
 * and exits with 2 for a UsageError, else 1 (the tests that `run` the command show its command
 * line and that mapping). Each run of the command is a process that loads the build's modules, about a
 * second of CPU; here they load once. main points SCRIPTURE_DATA_DIR at its staged copy and
 * prints what it read: both are put back. The build's paths (scripts/snapshot/paths.ts) were read
 * when this file imported them, before.
 */
async function refusal(args: string[]): Promise<Error> {
  const dataDir = process.env.SCRIPTURE_DATA_DIR;
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await addVersion([...args, '--data', data]);
  } catch (e) {
    return e as Error;
  } finally {
    log.mockRestore();
    if (dataDir === undefined) delete process.env.SCRIPTURE_DATA_DIR;
    else process.env.SCRIPTURE_DATA_DIR = dataDir;
  }
  throw new Error(`version:add ${args.join(' ')} succeeded`);
}

// Made-up text (no scripture): two books, a title, a note, a bridge, a verse the source leaves out,
// a word that looks glued. Inside the repository (the git-ignored test/.fixture/): version:add
// stores a source's path relative to the repository and refuses one outside it.
const inRepo = mkdtempSync(path.join(REPO_ROOT, 'test/.fixture/version-add-'));
afterAll(() => rmSync(inRepo, { recursive: true, force: true }));
const src = path.join(inRepo, 'src');
mkdirSync(src);
writeFileSync(
  path.join(src, '01-GEN.usfm'),
  '\\id GEN Bible Imaginaire (BIMG)\n\\h Commencement\n\\toc1 Le Livre du Commencement\n\\toc2 Commencement\n\\toc3 Com\n\\mt1 Commencement\n\\c 1\n\\p\n\\v 1 Un mot inventé\\f + \\fr 1:1 \\ft Une note.\\f* ici.\n\\v 2-3 Deux mots.\n\\v 5 Cinq motCollé.\n\\c 2\n\\p\n\\v 1 Encore.\n',
);
writeFileSync(
  path.join(src, '02-EXO.usfm'),
  '\\id EXO Bible Imaginaire (BIMG)\n\\h Sortie\n\\toc2 Sortie\n\\toc3 Sor\n\\c 1\n\\p\n\\v 1 Là.\n',
);
const COPYRIGHT = ['--copyright', 'Made up for a test.'];

// One process at a time: each loads the build's modules, and the node project runs three test
// files side by side on a two-core machine (docs/development.md).
describe('version:add and version:remove', () => {
  it('answers --help', async () => {
    for (const s of ['scripts/version-add.ts', 'scripts/version-remove.ts']) {
      const { status, out } = await run(s, ['--help']);
      expect(status).toBe(0);
      expect(out).toMatch(/usage/);
    }
  });

  it('names the flags of what the source does not say, and changes nothing', async () => {
    const { status, out } = await run('scripts/version-add.ts', [src]);
    expect(status).toBe(2);
    expect(out).toContain('missing --language ISO639-3');
    expect(out).toContain('--copyright TEXT');
    expect(out).not.toContain('--id ID');
    expect(snapshotOf()).toEqual(original);
  });

  it('refuses a version id already taken', async () => {
    const refused = await refusal([src, '--id', 'kjv', '--language', 'fra', ...COPYRIGHT]);
    expect(refused).toBeInstanceOf(UsageError);
    expect(refused.message).toContain(
      'version id kjv is already taken in data/versions.json (King James Version)',
    );
    expect(snapshotOf()).toEqual(original);
  });

  it('refuses an id that is not a capital letter then letters or digits (toString, constructor)', async () => {
    for (const id of ['toString', 'constructor']) {
      const refused = await refusal([src, '--id', id, '--language', 'fra', ...COPYRIGHT]);
      expect(refused).toBeInstanceOf(UsageError);
      expect(refused.message).toContain(
        `--id "${id}": a version id is a capital letter then 1 to 15 letters or digits`,
      );
    }
    // One the source gives is refused with its file and line.
    const odd = path.join(inRepo, 'odd-id');
    mkdirSync(odd);
    writeFileSync(path.join(odd, 'a.usfm'), '\\id GEN Made up (toString)\n\\c 1\n\\v 1 Un.\n');
    const refused = await refusal([odd, '--language', 'fra', ...COPYRIGHT]);
    expect(refused).toBeInstanceOf(UsageError);
    expect(refused.message).toContain(
      `the id the source gives (${path.join(odd, 'a.usfm')}:1) "toString"`,
    );
    expect(everyFile()).toEqual(originalFiles);
  });

  it('refuses a source outside the repository that no package installed', async () => {
    const outside = path.join(tmp, 'outside');
    cpSync(src, outside, { recursive: true });
    const refused = await refusal([outside, '--language', 'fra', ...COPYRIGHT]);
    expect(refused).toBeInstanceOf(UsageError);
    expect(refused.message).toContain(
      `${outside} is outside the repository and no Debian package installed it`,
    );
    expect(everyFile()).toEqual(originalFiles);
  });

  it('stops at a verse number out of bounds with the file and line, and changes nothing', async () => {
    const far = path.join(inRepo, 'far');
    mkdirSync(far);
    writeFileSync(path.join(far, 'a.usfm'), '\\id GEN\n\\c 1\n\\p\n\\v 1 Un.\n\\v 999999 Loin.\n');
    const refused = await refusal([
      far,
      '--id',
      'FAR',
      '--language',
      'fra',
      '--name',
      'Far',
      ...COPYRIGHT,
    ]);
    expect(refused).not.toBeInstanceOf(UsageError);
    expect(refused.message).toContain(
      `${path.join(far, 'a.usfm')}:5: \\v 999999: a verse number must be 1 to 200`,
    );
    expect(everyFile()).toEqual(originalFiles);
  });

  it(
    'stops at an OSIS verse number out of bounds, and changes nothing',
    { timeout: 120_000 },
    async () => {
      const far = path.join(inRepo, 'far.osis.xml');
      writeFileSync(
        far,
        '<?xml version="1.0"?><osis><osisText osisIDWork="FAROSIS" xml:lang="fr"><div type="book" osisID="Gen"><chapter osisID="Gen.1"><verse osisID="Gen.1.1">Un.</verse><verse osisID="Gen.1.999999">Loin.</verse></chapter></div></osisText></osis>',
      );
      const refused = await refusal([far, '--name', 'Far', ...COPYRIGHT]);
      expect(refused).not.toBeInstanceOf(UsageError);
      expect(refused.message).toContain(`${far}: Gen.1.999999: a verse number must be 1 to 200`);
      expect(everyFile()).toEqual(originalFiles);
      // Within the bounds it is added, its path stored relative to the repository, which the OSIS
      // importer reads back.
      writeFileSync(far, readFileSync(far, 'utf8').replace('Gen.1.999999', 'Gen.1.2'));
      const added = await run('scripts/version-add.ts', [far, '--name', 'Far', ...COPYRIGHT]);
      expect(added.status, added.out).toBe(0);
      const versions = JSON.parse(readFileSync(path.join(data, 'versions.json'), 'utf8'));
      expect(versions.versions.at(-1).source.path).toBe(path.relative(REPO_ROOT, far));
      expect((await run('scripts/version-remove.ts', ['FAROSIS'])).status).toBe(0);
      expect(snapshotOf()).toEqual(original);
    },
  );

  it('writes nothing into data/ when the validation fails', { timeout: 120_000 }, async () => {
    // Markup left in the text is an error for an import too: the build's validation refuses it
    // after version:add has staged every file it writes.
    const residue = path.join(inRepo, 'residue');
    mkdirSync(residue);
    writeFileSync(path.join(residue, 'a.usfm'), '\\id GEN\n\\c 1\n\\p\n\\v 1 Un <b>mot</b>.\n');
    const { status, out } = await run('scripts/version-add.ts', [
      residue,
      '--id',
      'RESIDUE',
      '--language',
      'fra',
      '--name',
      'Residue',
      ...COPYRIGHT,
    ]);
    expect(status, out).toBe(1);
    expect(out).toContain('snapshot validation failed');
    expect(out).toContain('RESIDUE Gen.1.1: text: raw < or > (markup residue)');
    expect(everyFile()).toEqual(originalFiles);
  });

  it('stops at bad USFM with the file and line, and changes nothing', async () => {
    const bad = path.join(inRepo, 'bad');
    mkdirSync(bad);
    writeFileSync(path.join(bad, 'a.usfm'), '\\id GEN\n\\c 1\n\\v 1 Un.\n\\v 1 Deux.\n');
    const { status, out } = await run('scripts/version-add.ts', [
      bad,
      '--id',
      'BAD',
      '--language',
      'fra',
      '--name',
      'Bad',
      ...COPYRIGHT,
    ]);
    expect(status).toBe(1);
    expect(out).toContain(
      `${path.join(bad, 'a.usfm')}:4: \\v 1 in chapter 1 again: a duplicated verse (first at line 3)`,
    );
    expect(snapshotOf()).toEqual(original);
  });
});

describe('version:add then version:remove', () => {
  it(
    'adds a version in a new language from what its source says, validated, and removes it',
    { timeout: 120_000 },
    async () => {
      const added = await run('scripts/version-add.ts', [src, '--language', 'fra', ...COPYRIGHT]);
      expect(added.out).toContain('added BIMG (Bible Imaginaire, fra): 2 books, 5 verses, 1 notes');
      // A word that looks glued is a warning with its file and line, and is served as printed.
      expect(added.out).toContain(
        `WARNING BIMG Gen.1.5 (${path.join(src, '01-GEN.usfm')}:11): text: glued word? "motCollé", served as printed`,
      );
      expect(added.out).toContain(
        'Gen.1.4: The source has no verse 4 here (verse 3 is followed by verse 5).',
      );
      expect(added.out).toMatch(
        /versification: closest to \w+ \(\d+ of \d+ chapters agree\); \d+ chapters differ from the KJV's: Gen\.1: source 5, kjv 31/,
      );
      expect(added.status).toBe(0);
      const versions = JSON.parse(readFileSync(path.join(data, 'versions.json'), 'utf8'));
      const entry = versions.versions.at(-1);
      expect(entry).toMatchObject({
        id: 'BIMG',
        name: 'Bible Imaginaire',
        lang: 'fra',
        langName: 'français',
        langNameEng: 'French',
        source: {
          format: 'usfm',
          path: path.relative(REPO_ROOT, src),
          oddWords: 'warn',
          expect: { books: 2, verses: 5 },
        },
        footnotes: { copyright: 'Made up for a test.', expect: { notes: 1 } },
      });
      // No other version's lines change: the file is the old one with the entry appended.
      const now = readFileSync(path.join(data, 'versions.json'), 'utf8');
      const cut = original['versions.json']!.lastIndexOf('\n  ]');
      expect(now.startsWith(original['versions.json']!.slice(0, cut))).toBe(true);
      expect(
        JSON.parse(readFileSync(path.join(data, 'book-names.json'), 'utf8')).languages.fra,
      ).toEqual({
        Gen: 'Commencement',
        Exod: 'Sortie',
      });
      // The source's other names and abbreviations (\h, \toc1, \mt, \toc3), which references read.
      expect(
        JSON.parse(readFileSync(path.join(data, 'book-names.json'), 'utf8')).otherNames.fra,
      ).toEqual({
        Gen: ['Le Livre du Commencement', 'Com'],
        Exod: ['Sor'],
      });

      const removed = await run('scripts/version-remove.ts', ['BIMG']);
      expect(removed.status).toBe(0);
      expect(snapshotOf()).toEqual(original);
    },
  );

  it.skipIf(!existsSync(path.join(BIBLEDIT_DIR, 'mapping')))(
    'maps a Vulgate-numbered Psalter verse by verse into data/versification-map.json, which version:remove takes out',
    async () => {
      const psalter = path.join(REPO_ROOT, 'test/fixtures/usfm/vulgate-psalms');
      const added = await run('scripts/version-add.ts', [
        psalter,
        '--language',
        'lat',
        ...COPYRIGHT,
      ]);
      expect(added.status, added.out).toBe(0);
      expect(added.out).toContain('numbering verse by verse: Vulgate');
      const map = JSON.parse(readFileSync(path.join(data, 'versification-map.json'), 'utf8'));
      expect(map.versions.VULGPS).toContainEqual(
        expect.objectContaining({ from: 'Ps.9.22-39', to: 'Ps.10.1-18' }),
      );
      // Its Psalm titles are verses: the build checks none against the KJV's.
      const versions = JSON.parse(readFileSync(path.join(data, 'versions.json'), 'utf8'));
      expect(versions.versions.at(-1).source.titlesAreVerses).toBe(true);
      const removed = await run('scripts/version-remove.ts', ['VULGPS']);
      expect(removed.status, removed.out).toBe(0);
      expect(snapshotOf()).toEqual(original);
    },
  );

  it('applies the fixes of --fixes, kept on the entry, which version:remove takes out with it', async () => {
    const fixes = path.join(tmp, 'fixes.json');
    const fix = {
      verse: 'Gen.1.5',
      from: 'motCollé',
      to: 'mot collé',
      evidence: 'Made up for a test: two words run together.',
    };
    writeFileSync(fixes, JSON.stringify({ fixes: [fix] }));
    const added = await run('scripts/version-add.ts', [
      src,
      '--id',
      'BIMGFIX',
      '--language',
      'fra',
      '--fixes',
      fixes,
      ...COPYRIGHT,
    ]);
    expect(added.status, added.out).toBe(0);
    expect(added.out).not.toContain('WARNING');
    expect(added.out).toMatch(/BIMGFIX: 2 books, 3 chapters, 5 verses, 1 corrections/);
    const versions = JSON.parse(readFileSync(path.join(data, 'versions.json'), 'utf8'));
    expect(versions.versions.at(-1).source.fixes).toEqual([fix]);
    const removed = await run('scripts/version-remove.ts', ['BIMGFIX']);
    expect(removed.status, removed.out).toBe(0);
    expect(snapshotOf()).toEqual(original);
  });

  it('refuses to remove a version other data files still name', async () => {
    const { status, out } = await run('scripts/version-remove.ts', ['RV1909']);
    expect(status).toBe(2);
    expect(out).toContain('RV1909 is also named in data/');
    expect(snapshotOf()).toEqual(original);
  });
});

describe('the warm-up of the runs above', () => {
  it('loads the modules version:add imports lazily, after reading its arguments', () => {
    expect(modulesImportedBy('scripts/version-add.ts')).toEqual(
      expect.arrayContaining([
        path.join(REPO_ROOT, 'scripts/snapshot/canon.ts'),
        path.join(REPO_ROOT, 'scripts/snapshot/snapshot.ts'),
        path.join(REPO_ROOT, 'scripts/versions/source-info.ts'),
      ]),
    );
  });
});

describe('what version:add stores, read back', () => {
  it('resolves a stored source path, and names what is missing and how to get it', () => {
    const missing = (m: string) => new Error(m);
    expect(resolveSourcePath('test/fixtures/usfm/lsg', missing)).toBe(
      path.join(REPO_ROOT, 'test/fixtures/usfm/lsg'),
    );
    expect(() =>
      resolveSourcePath('debian:no-such-package:/usr/share/no-such/demo', missing),
    ).toThrow(
      '/usr/share/no-such/demo is missing: it comes with the Debian package no-such-package (sudo apt-get install no-such-package)',
    );
    expect(() => resolveSourcePath('sources/gone', missing)).toThrow(
      `sources/gone is missing: not in the repository (${path.join(REPO_ROOT, 'sources/gone')}) nor in node_modules`,
    );
  });

  it('refuses a data/versions.json whose id is a name every object has', () => {
    const file = path.join(tmp, 'versions-proto.json');
    writeFileSync(
      file,
      JSON.stringify({ versions: [{ id: 'toString', source: { format: 'usfm', path: 'x' } }] }),
    );
    expect(() => loadManifest(file)).toThrow(
      'versions.json: version id "toString" is not a capital letter then 1 to 15 letters or digits',
    );
  });
});
