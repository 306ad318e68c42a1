import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_FILES } from '../../scripts/snapshot/data-files';
import { REPO_ROOT } from '../../scripts/snapshot/paths';

// The data files' names are written once (scripts/snapshot/data-files.ts): the list must be the
// folder's, so that no reader names a file the list lacks nor the list one that is gone.
describe('the data files', () => {
  it('are exactly the committed data/*.json', () => {
    const committed = readdirSync(path.join(REPO_ROOT, 'data'))
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(Object.values(DATA_FILES).sort()).toEqual(committed);
  });
});
