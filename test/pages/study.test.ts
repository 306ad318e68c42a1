import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/pages/messages/en';
import { es } from '../../src/pages/messages/es';
import { createNote } from '../support/annotations';
import { call, getJson, HAS_RV1909, newUser } from '../support/http';

/**
 * The word-study pages: a Strong's number's lexicon page, the concordance page with
 * the reader's notes marked, and the chapter page's interlinear switch. From the fixture's real
 * build of Debian's bibledit-cloud-data (CI installs it; without it the suite is skipped).
 */
let token: string;

const page = async (path: string, t: string | null = token) => {
  const res = await call(path, t);
  return { res, html: await res.text() };
};

/** The `<li class="result …">` of a verse on a results page. */
function resultOf(html: string, verse: string): string {
  const at = html.indexOf(`data-verse="${verse}"`);
  if (at < 0) return '';
  const start = html.lastIndexOf('<li', at);
  return html.slice(start, html.indexOf('</li>', at) + 5);
}

describe('word-study messages', () => {
  it('give the pages their words in English and Spanish, counted per language', () => {
    expect(en.study.notes(1)).toBe('1 note');
    expect(en.study.notes(2)).toBe('2 notes');
    expect(es.study.notes(2)).toBe('2 notas');
    expect(en.study.occurrenceCount(1234, 1)).toBe('1,234 occurrences in 1 verse');
    expect(en.study.occurrenceCount(1, 1)).toBe('1 occurrence in 1 verse');
    expect(es.study.occurrenceCount(1234, 2)).toBe('1234 apariciones en 2 versículos');
    expect(es.study.firstOccurrences(20, 135, 'KJV')).toBe(
      'Los primeros 20 de 135 versículos en la KJV',
    );
    expect(es.study.allOccurrences(1, 'KJV')).toBe('El versículo en la KJV');
  });
});

describe.skipIf(!env.TEST_HAS_STUDY)('word-study pages', () => {
  beforeAll(async () => {
    ({ token } = await newUser('study-pages'));
  });

  it('shows a Greek lexicon page: headword in Greek, Strong’s entry, Abbott-Smith, occurrences and the first KJV verses', async () => {
    const { res, html } = await page('/strongs/G25');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    // Scripture and lexicons are the same for every reader: cacheable as the other pages.
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('<span class="headword" lang="grc">ἀγαπάω</span>');
    expect(html).toContain('<span class="strongs-number">G25</span>');
    expect(html).toContain('<dt>Definition</dt>');
    expect(html).toContain('<dt>In the KJV</dt>');
    // The fuller entry is the build's safe HTML, inserted as it is, under its source's name.
    expect(html).toContain('A Manual Greek Lexicon of the New Testament');
    expect(html).toMatch(/<div class="fuller-text"><(p|ol)>/);
    // Occurrences per version link to the concordance page; related numbers link to their pages.
    const entry = (await getJson('/strongs/G25.js', token)).body.strongs.entry[0];
    expect(entry.occurrences.map((o: any) => o.version)).toContain('KJV');
    // The counts are of the Greek words (the KJV renders one of them in two phrases, John 10:17).
    for (const o of entry.occurrences) {
      expect(html).toContain(
        `<li><a href="/verses?strongs=G25&amp;version=${o.version}">${o.version}</a>: ${o.occurrences} ${o.occurrences === 1 ? 'occurrence' : 'occurrences'} in ${o.verses} ${o.verses === 1 ? 'verse' : 'verses'}</li>`,
      );
    }
    const kjv = entry.occurrences.find((o: any) => o.version === 'KJV');
    expect(kjv.occurrences).toBe(kjv.words - 1);
    expect(entry.related.length).toBeGreaterThan(0);
    for (const r of entry.related)
      expect(html).toContain(`<li><a href="/strongs/${r.id}">${r.id}</a></li>`);
    // The first KJV verses, the rendering words marked, and a link to all of them.
    const { body } = await getJson('/verses.js?strongs=G25&version=KJV&limit=1', token);
    const total = Number(body.search.result.summary.total);
    expect(total).toBeGreaterThan(20);
    // Twenty, or as many of them as the blocks a page reads hold (src/api/limits.ts MAX_PAGE_VALUES).
    const shown = html.match(/<li class="result"/g)?.length ?? 0;
    expect(shown).toBeGreaterThan(10);
    expect(shown).toBeLessThanOrEqual(20);
    expect(html).toContain(`The first ${shown} of ${total.toLocaleString('en')} verses in the KJV`);
    expect(html).toContain(
      `<a href="/verses?strongs=G25&amp;version=KJV">All ${total.toLocaleString('en')} verses in the KJV →</a>`,
    );
    expect(resultOf(html, 'KJV:John.3.16')).toMatch(/<em>loved<\/em>/);
    expect(html).toMatch(/Public Domain/i);
  });

  it('shows a Hebrew lexicon page right to left, with its BDB entry and its related numbers as links', async () => {
    const { res, html } = await page('/strongs/H157');
    expect(res.status).toBe(200);
    expect(html).toMatch(/<span class="headword" lang="he" dir="rtl">[\u0590-\u05FF]+<\/span>/);
    expect(html).toContain('A Hebrew and English Lexicon of the Old Testament');
    expect(html).toMatch(/<div class="fuller-text"><(p|ol)>/);
    expect(html).toContain('Creative Commons Attribution 4.0');
    // Its KJV verses (Malachi 1:2 in the fixture) with the rendering words marked.
    expect(resultOf(html, 'KJV:Mal.1.2')).toMatch(/<em>loved<\/em>/);
    // Zero padding and lower case name the same entry.
    expect((await page('/strongs/h0157')).html).toContain(
      '<span class="strongs-number">H157</span>',
    );
  });

  it('answers an unknown or malformed number with the error page and the API’s reason', async () => {
    const malformed = await page('/strongs/X25');
    expect(malformed.res.status).toBe(404);
    expect(malformed.html).toContain('<h1>Not found</h1>');
    expect(malformed.html).toContain('Malformed Strong');
    const gap = await page('/strongs/G2717');
    expect(gap.res.status).toBe(404);
    expect(gap.html).toContain('never assigned');
  });

  it('links the concordance page with the parameters it reads alone: 16 KB of keyword search’s in the URL add nothing to its ~80 links', async () => {
    const ignored = ['exclude', 'precision', 'spelling', 'sort_order']
      .map((n) => `${n}=${'word+'.repeat(800)}`)
      .join('&');
    const plain = await page('/verses?strongs=G25&version=KJV');
    const { res, html } = await page(`/verses?strongs=G25&version=KJV&${ignored}`);
    expect(res.status).toBe(200);
    expect(html).not.toMatch(/href="[^"]*(exclude|precision|spelling|sort_order)=/);
    // The page is the plain one's but for the form fields that echo the request.
    expect(html.length).toBeLessThan(plain.html.length + 20_000);
  });

  it('shows the concordance page: title with the headword, counts per book and rendering, marked words, paging', async () => {
    const { res, html } = await page('/verses?strongs=G25&version=KJV');
    expect(res.status).toBe(200);
    expect(html).toContain('<title>Concordance: G25 ἀγαπάω · Scripture</title>');
    expect(html).toContain(
      '<a href="/strongs/G25"><span class="headword" lang="grc">ἀγαπάω</span></a>',
    );
    const { body } = await getJson('/verses.js?strongs=G25&version=KJV', token);
    const summary = body.search.result.summary;
    expect(html).toContain(
      `${Number(summary.total).toLocaleString('en')} verses found; showing 1–15 (page 1).`,
    );
    // Counts per book, each a link that narrows to the book, and the renderings with their counts.
    const john = summary.book.find((b: any) => b.id === 'KJV:John');
    expect(html).toContain(
      `<a href="/verses?strongs=G25&amp;version=KJV&amp;book=John">John</a> <span class="count">${john.count}</span>`,
    );
    const loved = summary.rendering.find((r: any) => r.text === 'loved');
    expect(html).toContain(`loved <span class="count">${loved.count}</span>`);
    // The rendering words are marked, as keyword search marks its matches.
    expect((html.match(/<li class="result"/g) ?? []).length).toBe(15);
    expect(html).toMatch(/<em>lov/);
    expect(html).toContain(
      '<a href="/verses?strongs=G25&amp;version=KJV&amp;offset=15" rel="next">Page 2 →</a>',
    );
    // The form that asks for another number or version.
    expect(html).toContain('<input id="cc-number" name="strongs" value="G25"');
    expect(html).toContain('<option value="TR">TR</option>');
  });

  it('links its "and N more" renderings to the page with every one of them, as printed', async () => {
    const all = (await getJson('/verses.js?strongs=G3588&version=KJV&renderings=all', token)).body
      .search.result.summary.rendering;
    expect(all.length).toBeGreaterThan(40);
    const { html } = await page('/verses?strongs=G3588&version=KJV');
    const more = all.length - 40;
    expect(html).toContain(
      `<a class="muted" href="/verses?strongs=G3588&amp;version=KJV&amp;renderings=all#renderings">and ${more} more</a>`,
    );
    expect(html).toContain('<h2 id="renderings">');
    const shown = (h: string) => h.match(/<span class="count">/g)?.length ?? 0;
    // The link's page lists them all, and no more link; its other links keep the choice.
    const full = (await page('/verses?strongs=G3588&version=KJV&renderings=all')).html;
    expect(shown(full) - shown(html)).toBe(more);
    expect(full).not.toContain(`and ${more} more`);
    expect(full).toContain(
      '<a href="/verses?strongs=G3588&amp;version=KJV&amp;renderings=all&amp;offset=15" rel="next">',
    );
    // Renderings keep the case the text prints them in.
    const g25 = (await page('/verses?strongs=G25&version=KJV')).html;
    expect(g25).toMatch(/I have loved <span class="count">\d+<\/span>/);
    expect(g25).not.toContain('i have loved');
  });

  it('marks the reader’s notes on the verses shown (from any version), which makes the page private', async () => {
    const { token: mine } = await newUser('study-notes');
    await createNote(mine, {
      title: 'God so loved',
      references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }],
    });
    await createNote(mine, {
      title: 'Written on the ASV',
      references: [{ start: 'ASV:John.3.15', end: 'ASV:John.3.17' }],
    });
    const path = '/verses?strongs=G25&version=KJV&book=John';
    const { res, html } = await page(path, mine);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('ETag')).toBeNull();
    const verse = resultOf(html, 'KJV:John.3.16');
    expect(verse).toMatch(/^<li class="result has-notes"/);
    expect(verse).toContain('<a class="note-badge" href="/verses/KJV:John.3.16">2 notes</a>');
    expect(verse).toMatch(/<em>loved<\/em>/);
    // Other verses are not marked: 3:19 has no note.
    expect(resultOf(html, 'KJV:John.3.19')).toMatch(/^<li class="result"/);
    expect(html.match(/note-badge/g)).toHaveLength(1);

    // Another reader's page shows none of them (and is private too: the scripture cache keeps a
    // public page per address, not per reader, so a personal page is never public).
    const other = await page(path);
    expect(other.html).not.toContain('note-badge');
    expect(other.res.headers.get('Cache-Control')).toBe('private, no-store');
    // Without personal content (API version 2) the page is the same for all, and cacheable.
    const v2 = await page(`/v2${path}`, mine);
    expect(v2.res.status).toBe(200);
    expect(v2.html).not.toContain('note-badge');
    expect(v2.res.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(v2.res.headers.get('ETag')).toMatch(/^W\//);
  });

  it('builds its links from the parameters the search takes, never from others a client added to the URL', async () => {
    const noise = Array.from({ length: 4000 }, (_, i) => `junk${i}=x`).join('&');
    const plain = await page('/verses?strongs=G25&version=KJV&limit=5');
    const padded = await page(`/verses?strongs=G25&version=KJV&limit=5&${noise}`);
    expect(padded.res.status).toBe(200);
    expect(padded.html).not.toContain('junk');
    // The same page, but for the time stamps and ids a page carries.
    expect(Math.abs(padded.html.length - plain.html.length)).toBeLessThan(200);
    expect(padded.html).toMatch(/href="\/verses\?[^"]*strongs=G25[^"]*offset=5/);
    const search = await page(`/verses?keyword=love&limit=5&${noise}`);
    expect(search.res.status).toBe(200);
    expect(search.html).not.toContain('junk');
    expect(search.html).toMatch(/href="\/verses\?[^"]*keyword=love[^"]*offset=5/);
  });

  it('answers a malformed number on the concordance page with the API’s 400', async () => {
    const { res, html } = await page('/verses?strongs=love');
    expect(res.status).toBe(400);
    expect(html).toContain('strongs must be Strong');
  });

  it('shows the concordance of a lemma: its title, the numbers it heads as links, the lemma kept in the form and the links', async () => {
    const lemma = encodeURIComponent('ἀγαπάω');
    const { res, html } = await page(`/verses?lemma=${lemma}&version=TR`);
    expect(res.status).toBe(200);
    expect(html).toContain('<title>Concordance: ἀγαπάω · Scripture</title>');
    expect(html).toContain(
      '<a href="/strongs/G25"><span class="headword" lang="grc">ἀγαπάω</span></a>',
    );
    expect(html).toContain('<input id="cc-lemma" name="lemma" value="ἀγαπάω"');
    expect(html).not.toContain('name="strongs"');
    expect(resultOf(html, 'TR:3John.1.1')).toContain('<em>αγαπω</em>');
    // Hebrew, unpointed: the number(s) it heads are links (one: its headword; homographs: each number).
    const hebrew = await page(`/verses?lemma=${encodeURIComponent('אהב')}&version=WLC`);
    expect(hebrew.res.status).toBe(200);
    expect(hebrew.html).toContain('href="/strongs/H157"');
    expect(hebrew.html).toContain('<input id="cc-lemma" name="lemma" value="אהב"');
  });

  it('gives the chapter page of a tagged version the interlinear switch and its script, and no other version', async () => {
    const { html } = await page('/chapters/KJV:John.3');
    expect(html).toContain('<script src="/assets/interlinear.js" defer=""></script>');
    expect(html).toMatch(
      /<div class="study-bar" id="interlinear-controls" hidden="" data-src="\/chapters\/KJV:John\.3\/words\.js" data-version="KJV" data-lang="en"/,
    );
    expect(html).toContain(
      '<button type="button" id="interlinear-toggle" aria-pressed="false">Interlinear: Strong’s numbers and the original</button>',
    );
    expect(html).toContain('data-every-occurrence="Every occurrence"');
    // The Hebrew and Greek texts: their words right to left, or Greek.
    // (The fixture has the WLC's Jonah and Malachi and the TR's 3 John.)
    const wlc = (await page('/chapters/WLC:Jonah.1')).html;
    expect(wlc).toContain('data-version="WLC" data-lang="he" data-dir="rtl"');
    // Its switch speaks the interface's language inside a Hebrew page.
    expect(wlc).toContain('<div class="study-bar" id="interlinear-controls" hidden="" lang="en"');
    expect((await page('/chapters/TR:3John.1')).html).toContain(
      'data-version="TR" data-lang="grc"',
    );
    // A version without Strong's numbers, and the parallel view, have neither.
    for (const path of ['/chapters/ASV:John.3', '/chapters/KJV:John.3?parallel=ASV']) {
      const other = (await page(path)).html;
      expect(other, path).not.toContain('interlinear');
    }
  });

  it.skipIf(!HAS_RV1909)(
    'leaves the Spanish chapter page as it was: Spanish, and no interlinear switch',
    async () => {
      const { html } = await page('/chapters/RV1909:John.3');
      expect(html).toMatch(/^<!doctype html><html lang="es">/);
      expect(html).toContain('Leer en:');
      expect(html).not.toContain('interlinear');
    },
  );
});
