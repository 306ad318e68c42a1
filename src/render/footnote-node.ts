import { cdata, type DocNode } from './document';
import type { FootnoteValue } from '../snapshot/types';

/**
 * A translators' note as the footnotes routes write it (src/catalogue/footnotes.ts), and each note
 * of a whole-version download (./download.ts), which the build renders to hash it
 * (scripts/snapshot/downloads.ts): here, in the code the build shares with the worker, so that
 * both write it alike.
 */
export function noteNode(n: FootnoteValue): DocNode {
  return {
    // A flag is the string `true` or absent, as elsewhere (docs/json.md).
    title: n.title ? 'true' : undefined,
    offset: n.offset,
    anchor: n.anchor,
    kind: n.kind,
    text: cdata(n.text),
  };
}
