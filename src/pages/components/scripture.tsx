import { raw } from 'hono/html';

/**
 * Verse HTML from the snapshot (spec: span and sup with position classes; `add` for supplied
 * words, `wj` for words of Jesus, `title` for Psalm titles, `para` for paragraph starts; `em` for
 * matched search words). It was escaped by the build (docs/kv-layout.md), so it is inserted as it
 * is; the stylesheet gives each class its look. Several verses go through `paragraphs` first.
 */
export function Scripture(props: { html: string; lang?: string; dir?: 'rtl'; label?: string }) {
  return (
    <div class="scripture" lang={props.lang} dir={props.dir} aria-label={props.label}>
      {raw(props.html)}
    </div>
  );
}

/**
 * Whether a verse's HTML starts a paragraph: the build wraps such a verse in
 * `<span class="para">` (after its Psalm title, if any: scripts/snapshot/markup.ts). Its text is
 * escaped, so the markup cannot occur in it otherwise.
 */
export function startsParagraph(verseHtml: string): boolean {
  return verseHtml.includes('<span class="para">');
}

/**
 * Verses (their HTML, in order) as the paragraphs of the text: a verse with a paragraph mark
 * starts a new `<p>`, every other verse continues the paragraph before it, inline, after a space
 * (the first verse opens one either way). A version without marks is one paragraph. A verse's
 * section headings (`headings[i]`, already HTML: VerseEntry `headings`) stand between paragraphs,
 * before the one it opens.
 */
export function paragraphs(verses: string[], headings: (string | undefined)[] = []): string {
  let html = '';
  verses.forEach((verse, i) => {
    const heading = headings[i];
    if (heading) html += `${i === 0 ? '' : '</p>'}${heading}<p>`;
    else if (i === 0) html += '<p>';
    else if (startsParagraph(verse)) html += '</p><p>';
    else html += ' ';
    html += verse;
  });
  return verses.length ? `${html}</p>` : '';
}
