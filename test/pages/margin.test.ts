import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, HAS_RV1909, newUser } from '../support/http';

/**
 * The study Bible's margin on the reading pages (docs/footnotes.md "Pages", docs/library.md
 * "Cross-references"), from the fixture's real build: the translators' notes marked in the text and
 * listed under it, the chapter margin's fold of cross-references, the verse page's list of them.
 */
let token: string;
const page = async (path: string) => {
  const res = await call(path, token);
  expect(res.status, path).toBe(200);
  return res.text();
};
/** The page's verse `n` as shown: marks as `[label]`, the verse number and tags dropped. */
function verseShown(html: string, n: number): string {
  const start = html.indexOf(`<span id="v${n}">`);
  const end = html.indexOf(`<span id="v${n + 1}">`, start);
  return html
    .slice(start, end < 0 ? undefined : end)
    .replace(/<sup class="fn-mark"><a [^>]*>(\w+)<\/a><\/sup>/g, '[$1]')
    .replace(/<sup class="v[^"]*">\d+<\/sup>/, '')
    .replace(/<[^>]+>/g, '')
    .trim();
}

describe("the translators' notes on the pages", () => {
  beforeAll(async () => {
    ({ token } = await newUser('margin-pages'));
  });

  it('marks each note at its words in the chapter and lists the notes under it', async () => {
    const html = await page('/chapters/KJV:Gen.1');
    expect(html).toContain('<script src="/assets/footnotes.js" defer=""></script>');
    // Genesis 1:11's only note (Heb. tender grass) follows "grass"; the chapter's marks run a, b, c…
    expect(verseShown(html, 11)).toMatch(
      /^And God said, Let the earth bring forth grass\[[a-z]+\],/,
    );
    const label = /grass\[([a-z]+)\]/.exec(verseShown(html, 11))![1]!;
    expect(html).toContain(
      `<sup class="fn-mark"><a href="#fn-11-${label}" id="fnref-11-${label}" aria-describedby="fn-11-${label}">${label}</a></sup>`,
    );
    const list = html.slice(html.indexOf('<section class="footnotes"'));
    expect(list).toContain('<h2 id="footnotes-heading">Translators&#39; notes</h2>');
    expect(list).toMatch(
      new RegExp(
        `<li id="fn-11-${label}"><a href="#fnref-11-${label}" class="fn-back" aria-label="Back to 11${label} in the text">11${label}</a> <span class="fn-words"><i>grass</i>: Heb. tender grass<span class="fn-kind"> \\(literally\\)</span></span></li>`,
      ),
    );
    // Every mark has its note in the list, and the other way round.
    const marks = [...html.matchAll(/id="fnref-([\w-]+)"/g)].map((m) => m[1]);
    const items = [...list.matchAll(/<li id="fn-([\w-]+)">/g)].map((m) => m[1]);
    expect(marks.length).toBeGreaterThan(10);
    expect(items).toEqual(marks);
  });

  it("marks a Psalm title's note in the title", async () => {
    const html = await page('/chapters/KJV:Ps.12');
    expect(html).toMatch(/To the chief Musician upon<sup class="fn-mark"><a href="#fn-1-a"/);
  });

  it("shows the verse's notes on its page", async () => {
    const html = await page('/verses/KJV:Gen.1.11');
    expect(html).toMatch(/forth grass<sup class="fn-mark"><a href="#fn-11-a"/);
    expect(html).toContain('<i>grass</i>: Heb. tender grass');
    expect(html).toContain('<script src="/assets/footnotes.js" defer=""></script>');
  });

  it('shows no notes where the version has none, nor in the parallel view', async () => {
    const plain = await page('/chapters/KJV:John.3');
    expect(plain).not.toContain('class="footnotes"');
    expect(plain).not.toContain('footnotes.js');
    const parallel = await page('/chapters/KJV:Gen.1?parallel=ASV');
    expect(parallel).not.toContain('fn-mark');
    if (HAS_RV1909) expect(await page('/chapters/RV1909:Gen.1')).not.toContain('fn-mark');
  });
});

describe.skipIf(!env.TEST_HAS_LIBRARY)('the cross-references on the pages', () => {
  beforeAll(async () => {
    ({ token } = await newUser('xref-pages'));
  });

  it("folds the chapter's cross-references in the margin, with the text of the first", async () => {
    const html = await page('/chapters/KJV:John.3');
    expect(html).toContain(
      '<details class="library-fold" data-kind="cross-references" data-src="/chapters/KJV:John.3/cross-references.js?include=text"',
    );
    expect(html).toContain('<summary>Cross-references</summary>');
    expect(html).not.toMatch(/<details[^>]* open/);
  });

  it('lists every cross-reference of a verse on its page', async () => {
    const html = await page('/verses/KJV:John.3.16');
    const section = html.slice(html.indexOf('<section class="cross-references"'));
    expect(section).toContain(
      '<p class="muted">23 references, from <cite lang="en">The Treasury of Scripture Knowledge</cite></p>',
    );
    const links = [...section.matchAll(/<li><a href="(\/verses\/[^"]+)">([^<]+)<\/a><\/li>/g)];
    expect(links).toHaveLength(23);
    expect(links[0]![1]).toBe('/verses/KJV:1John.4.9');
    expect(links[0]![2]).toBe('1 John 4:9');
  });

  it.skipIf(!HAS_RV1909)('links a Spanish verse to its own version, in its own names', async () => {
    const html = await page('/verses/RV1909:John.3.16');
    const section = html.slice(html.indexOf('<section class="cross-references"'));
    expect(section).toContain('<h2 id="cross-references-heading">Referencias cruzadas</h2>');
    expect(section).toContain('<a href="/verses/RV1909:1John.4.9">1 Juan 4:9</a>');
  });
});
