/**
 * `footnotesKey(sid, version, book, chapter)` -> FootnoteChapterValue: a version's translators'
 * notes per chapter (only chapters that have notes: a chapter without a key has none), read by
 * src/catalogue/footnotes.ts. The notes were placed and checked at import (./index.ts).
 */
import { footnotesKey } from '../../../src/snapshot/keys';
import type { FootnoteChapterValue, FootnoteValue } from '../../../src/snapshot/types';
import type { ChapterIR } from '../ir';
import { buildsBook, type PairProducer } from '../producer-types';

export function footnoteChapterValue(c: ChapterIR): FootnoteChapterValue | null {
  const notes: FootnoteValue[] = [];
  for (const v of c.verses)
    for (const n of v.notes ?? [])
      notes.push({
        verse: v.verse,
        ...(n.in === 'title' ? { title: true as const } : {}),
        offset: n.offset,
        anchor: n.anchor ?? '',
        ...(n.kind ? { kind: n.kind } : {}),
        text: n.text,
      });
  return notes.length ? { notes } : null;
}

export const footnotesProducer: PairProducer = {
  name: 'footnotes',
  *produce(ctx) {
    for (const v of ctx.versions) {
      if (!v.manifest.footnotes) continue;
      for (const b of v.ir.books) {
        if (!buildsBook(ctx, v.manifest.id, b.osis)) continue;
        for (const c of b.chapters) {
          const value = footnoteChapterValue(c);
          if (value)
            yield {
              key: footnotesKey(ctx.snapshotId, v.manifest.id, b.osis, c.chapter),
              value: JSON.stringify(value),
            };
        }
      }
    }
  },
};
