import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/snapshot/paths';

// Code, data, tests and shipped files cite docs/ or nothing (docs/development.md "Comments
// and citations"): not an issue's number, nor a document outside the repository, which a reader of a
// clone cannot open. The Markdown of docs/ and the README may tell the history.
const OUTSIDE = /\bissues? #?\d+|\bissue §|\(issue\b|\bissue "|original-service|service-api-v1/;

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
});
