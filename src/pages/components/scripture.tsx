import { raw } from 'hono/html';

/**
 * Verse HTML from the snapshot (spec: span and sup with position classes; `add` for supplied
 * words, `wj` for words of Jesus, `title` for Psalm titles, `para` for paragraph starts; `em` for
 * matched search words). It was escaped by the build (docs/kv-layout.md), so it is inserted as it
 * is; the stylesheet gives each class its look.
 */
export function Scripture(props: { html: string; lang?: string; dir?: 'rtl'; label?: string }) {
  return (
    <div class="scripture" lang={props.lang} dir={props.dir} aria-label={props.label}>
      {raw(props.html)}
    </div>
  );
}
