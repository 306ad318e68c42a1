import type { BenchCase, BenchContext } from '../types';

/**
 * The reading page of one chapter for a signed-in reader with notes on it, against
 * the XML of the same chapter. The page is the HTML (scripture only, publicly cacheable) and the
 * margin request its script makes for the reader's own notes and tags on the chapter
 * (`/chapters/{id}/annotations.js`, D1); run.ts reports the two together as a ratio to the XML.
 * The reader is the pool's last account: 5 notes on John 3 and 20 elsewhere.
 */
export const CHAPTER = 'KJV:John.3';
export const CASE_XML = 'chapter show John 3 (XML)';
export const CASE_PAGE = 'chapter page John 3, signed in (HTML)';
export const CASE_MARGIN = 'chapter margin John 3, 5 notes (annotations.js)';

const reader = (ctx: BenchContext) => ctx.pool[ctx.pool.length - 1];

async function note(ctx: BenchContext, verse: string, title: string): Promise<void> {
  const body = `<note><title>${title}</title><content>A reader's note</content><references><reference><start>${verse}</start><end>${verse}</end></reference></references></note>`;
  const res = await fetch(`${ctx.baseUrl}/notes.xml`, {
    method: 'POST',
    headers: { Authorization: reader(ctx), 'Content-Type': 'application/xml' },
    body,
  });
  if (res.status !== 201)
    throw new Error(`bench setup: note answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

let prepared = false;

/** The reader's notes, once per run (both signed-in cases use them). */
async function readerWithNotes(ctx: BenchContext): Promise<void> {
  if (prepared) return;
  prepared = true;
  for (let v = 1; v <= 5; v++) await note(ctx, `KJV:John.3.${v * 3}`, `John 3 note ${v}`);
  for (let v = 1; v <= 20; v++) await note(ctx, `KJV:Rom.8.${v}`, `Romans note ${v}`);
}

export const cases: BenchCase[] = [
  { name: CASE_XML, request: () => ({ path: `/chapters/${CHAPTER}.xml` }) },
  {
    name: CASE_PAGE,
    setup: readerWithNotes,
    request: (ctx) => ({ path: `/chapters/${CHAPTER}`, headers: { Authorization: reader(ctx) } }),
  },
  {
    name: CASE_MARGIN,
    setup: readerWithNotes,
    request: (ctx) => ({
      path: `/chapters/${CHAPTER}/annotations.js`,
      headers: { Authorization: reader(ctx) },
    }),
  },
];
