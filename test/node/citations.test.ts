import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/snapshot/paths';

// Code, data, tests and shipped files cite docs/ or nothing (docs/development.md "Comments
// and citations"): not an issue's number, nor a document outside the repository, which a reader of a
// clone cannot open, nor a path of one machine (a home or work folder). The Markdown of docs/ and
// the README may tell the history.
const OUTSIDE =
  /\bissues? #?\d+|\bissue §|\(issue\b|\bissue "|original-service|service-api-v1|(?:^|[^\w.~/-])\/(?:work|home|root|Users)\//;

/**
 * A file a comment cites by its path in the repository (`src/api/table.ts`, `docs/study.md`) or
 * from the citing file's folder (`./keys.ts`, `../ir.ts`), with its extension; one quoted is an
 * example of a configuration's text, not a citation.
 */
const CITED =
  /(?<![\w/.'"-])((?:src|scripts|test|docs|data|migrations|public|clients)\/[\w./-]+\.(?:ts|tsx|js|json|md|sql|css)|\.{1,2}\/[\w./-]+\.(?:ts|tsx|js|json|md|sql|css))\b/g;
/** A line of a comment: `//`, a block's ` * ` or `/**`, SQL's `--`. */
const COMMENT = /^\s*(?:\/\/|\*|\/\*|--)/;

describe('citations', () => {
  it('no tracked file outside the Markdown cites an issue or a document outside the repository', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: REPO_ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && !f.endsWith('.md') && !f.endsWith('package-lock.json'))
      // This file names what it looks for.
      .filter((f) => f !== 'test/node/citations.test.ts')
      .filter((f) => !/\.(png|woff2?|ico|jpg)$/.test(f));
    const citing: string[] = [];
    for (const f of files) {
      const lines = readFileSync(path.join(REPO_ROOT, f), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (OUTSIDE.test(line)) citing.push(`${f}:${i + 1}: ${line.trim().slice(0, 100)}`);
      });
    }
    expect(citing).toEqual([]);
  });

  it("a comment's citation of a file of the repository names a file that exists", () => {
    const files = execFileSync('git', ['ls-files'], { cwd: REPO_ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(tsx?|js|sql)$/.test(f))
      // This file's examples of a citation.
      .filter((f) => f !== 'test/node/citations.test.ts')
      // Generated from the OpenAPI document, whose descriptions are the API's, not comments.
      .filter((f) => f !== 'clients/typescript/src/schema.ts');
    const missing: string[] = [];
    for (const f of files) {
      const lines = readFileSync(path.join(REPO_ROOT, f), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (!COMMENT.test(line)) return;
        for (const [, cited] of line.matchAll(CITED)) {
          const file = cited!.startsWith('.')
            ? path.resolve(REPO_ROOT, path.dirname(f), cited!)
            : path.join(REPO_ROOT, cited!);
          if (!existsSync(file)) missing.push(`${f}:${i + 1}: ${cited}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });
});
