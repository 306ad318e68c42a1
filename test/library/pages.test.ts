import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, HAS_RV1909, newUser } from '../support/http';

/** The reference library's pages, from the fixture's real build. */
let token: string;
const page = async (path: string) => {
  const res = await call(path, token);
  return { res, html: await res.text() };
};

describe.skipIf(!env.TEST_HAS_LIBRARY)('reference library pages', () => {
  beforeAll(async () => {
    ({ token } = await newUser('library-pages'));
  });

  it("offers the chapter's commentaries and topics in the margin beside the reader's notes, folded, filled by a script of /assets", async () => {
    const { res, html } = await page('/chapters/KJV:John.3');
    expect(res.status).toBe(200);
    // The page's policy allows the library's script as it stands (src/http/html.ts; pinned directive by directive in test/middleware/cors-and-headers.test.ts).
    expect(res.headers.get('Content-Security-Policy')).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(html).toContain('<script src="/assets/library.js" defer=""></script>');
    const margin = html.slice(html.indexOf('<div class="margin">'));
    expect(margin.indexOf('id="my-annotations"')).toBeLessThan(margin.indexOf('id="library"'));
    expect(html).toContain(
      '<details class="library-fold" data-kind="commentaries" data-src="/chapters/KJV:John.3/commentaries.js"',
    );
    expect(html).toContain('data-src="/chapters/KJV:John.3/topics.js"');
    // Folded by default: no `open`; without JavaScript each fold links to its list as a page.
    expect(html).not.toMatch(/<details[^>]* open/);
    expect(html).toContain('<a href="/chapters/KJV:John.3/commentaries">Open as a page</a>');
    // API version 2 has no personal margin, but the library's is there.
    const v2 = await page('/v2/chapters/KJV:John.3');
    expect(v2.html).not.toContain('id="my-annotations"');
    expect(v2.html).toContain('id="library"');
  });

  it.skipIf(!HAS_RV1909)(
    'speaks the page language in the margin and marks the English entries',
    async () => {
      const { html } = await page('/chapters/RV1909:John.3');
      expect(html).toContain('<h2 id="library-heading">Biblioteca de consulta</h2>');
      expect(html).toContain('data-lang="en"');
    },
  );

  it("links a verse page to the verse's commentaries, topics and cited-with list", async () => {
    const { html } = await page('/verses/KJV:John.3.16');
    expect(html).toContain('<a href="/verses/KJV:John.3.16/commentaries">Commentaries</a>');
    expect(html).toContain('<a href="/verses/KJV:John.3.16/topics">');
    expect(html).toContain('<a href="/verses/KJV:John.3.16/related">Cited with</a>');
  });

  it("shows a chapter's commentaries as a page: each entry's text with its links, the sources' copyright", async () => {
    const { res, html } = await page('/chapters/KJV:John.3/commentaries');
    expect(res.status).toBe(200);
    expect(html).toContain('<h1>Commentaries on John 3</h1>');
    expect(html).toContain('<a href="/verses/KJV:Matt.10.6">Matthew 10:6</a>');
    expect(html).toMatch(
      /<span>Matthew Henry&#39;s Concise Commentary on the Whole Bible<\/span> · <a href="\/chapters\/KJV:John\.3\/verses\?start=1&amp;end=21">John 3:1-21<\/a>/,
    );
    expect(html).toContain('<h2 id="sources">Sources</h2>');
  });

  it("shows a cut entry's whole text page by page, with the reading order in the head", async () => {
    const first = await page('/verses/KJV:Ps.23.1/commentaries');
    expect(first.html).toContain(
      '<a href="/commentaries/TDavid/KJV:Ps.23.1">Read the whole entry</a>',
    );
    const two = await page('/commentaries/TDavid/KJV:Ps.23.1?page=2');
    expect(two.res.status).toBe(200);
    expect(two.html).toContain('<link rel="prev" href="/commentaries/TDavid/KJV:Ps.23.1?page=1"/>');
    expect(two.html).toMatch(/Page 2 of \d/);
    expect(two.html).toContain('Public domain. The Treasury of David');
  });

  it('shows a topic with its sub-topics and related topics, and the topic search', async () => {
    const topic = await page('/topics/love');
    expect(topic.html).toContain('<h1>LOVE</h1>');
    expect(topic.html).toContain('<a href="/topics/children">CHILDREN</a>');
    expect(topic.html).toContain('<h2 id="related">Related topics</h2>');
    const search = await page('/topics?q=nicodemus');
    expect(search.html).toContain('<a href="/topics/nicodemus">NICODEMUS</a>');
    expect(search.html).toContain('1 topic');
    // The search box's last word is also the start of a word, as the API reads it.
    expect((await page('/topics?q=nicod')).html).toContain(
      '<a href="/topics/nicodemus">NICODEMUS</a>',
    );
  });

  it('includes the topics whose names hold the words in the keyword search results', async () => {
    const { html } = await page('/verses?keyword=nicodemus');
    expect(html).toContain('<h2 id="matching-topics">Topics</h2>');
    expect(html).toContain('<a href="/topics/nicodemus">NICODEMUS</a>');
    // Whole words, as the search reads them: the start of a name's word is no match here.
    expect((await page('/verses?keyword=godl')).html).not.toContain('<a href="/topics/godly">');
    expect((await page('/verses?keyword=godly')).html).toContain(
      '<a href="/topics/godly">GODLY</a>',
    );
  });

  it("shows the topics citing a verse and a verse's cited-with list, saying what it is", async () => {
    const topics = await page('/verses/KJV:John.3.2/topics');
    expect(topics.html).toContain('<a href="/topics/nicodemus">NICODEMUS</a>');
    const chapter = await page('/chapters/KJV:John.3/topics');
    expect(chapter.html).toContain('<a href="/chapters/KJV:John.3#v1">1</a>');
    const related = await page('/verses/KJV:John.3.16/related');
    expect(related.html).toContain('<h1>Cited with John 3:16</h1>');
    expect(related.html).toContain('co-citation, not the cross-references');
    expect(related.html).toContain('<a href="/verses/KJV:1John.4.10">1 John 4:10</a>');
  });

  it.skipIf(!HAS_RV1909)(
    "speaks the version's language on the library pages of its chapters and verses: references in its names and numbering, the library's English marked so",
    async () => {
      const commentaries = await page('/chapters/RV1909:Jonah.2/commentaries');
      expect(commentaries.res.status).toBe(200);
      const html = commentaries.html;
      expect(html).toMatch(/^<!doctype html><html lang="es">/);
      expect(html).toContain('<h1>Comentarios sobre Jonás 2</h1>');
      // Scofield's note on KJV Jonah 1:17, which the RV1909 numbers 2:1.
      expect(html).toContain(
        '<h2><span lang="en">Scofield Reference Notes (1917 edition)</span> · <a href="/verses/RV1909:Jonah.2.1">Jonás 2:1</a></h2>',
      );
      // Every heading's reference is the RV1909's (the text below writes the source's own).
      const headings = [...html.matchAll(/<h2>.*?<\/h2>/g)].map((m) => m[0]);
      expect(headings.length).toBeGreaterThan(3);
      expect(headings.filter((h) => /Jonah \d|\/KJV:/.test(h))).toEqual([]);
      expect(html).toContain('<div class="library-text" lang="en">');
      expect(html).toContain('<h2 id="sources">Fuentes</h2><p lang="en"><b>');
      const john = (await page('/chapters/RV1909:John.3/commentaries')).html;
      expect(john).toContain(
        '· <a href="/chapters/RV1909:John.3/verses?start=1&amp;end=21">Juan 3:1-21</a></h2>',
      );
      expect(john).toContain('>Leer la entrada completa<');

      const topics = (await page('/chapters/RV1909:John.3/topics')).html;
      expect(topics).toMatch(/^<!doctype html><html lang="es">/);
      expect(topics).toContain('<h1>Temas que citan Juan 3</h1>');
      expect(topics).toContain('<a href="/topics/nicodemus" lang="en">NICODEMUS</a>');
      expect(topics).toContain('<ul lang="en"><li class="muted">');
      expect(topics).toMatch(/<p class="meta" lang="en">Public domain\. Nave/);

      const related = (await page('/verses/RV1909:John.3.16/related')).html;
      expect(related).toContain('<h1>Citados con Juan 3:16</h1>');
      expect(related).toContain('<a href="/verses/RV1909:1John.4.10">1 Juan 4:10</a>');
      expect(related).not.toContain('/KJV:');

      // The library's own pages, of no version, stay English.
      expect((await page('/topics/nicodemus')).html).toMatch(/^<!doctype html><html lang="en">/);
    },
  );
});
