import { beforeAll, describe, expect, it } from 'vitest';
import { citedWith, type CitingUnit } from '../../scripts/snapshot/library/cited-with';
import { readLibrary, type LibraryRead } from '../../scripts/snapshot/library/library';
import { spanHref } from '../../scripts/snapshot/library/links';
import { markupBlocks } from '../../scripts/snapshot/library/markup';
import {
  resolveReference,
  resolveWords,
  spanOsis,
  type Resolution,
} from '../../scripts/snapshot/library/references';
import { libraryModules, moduleInstalled } from '../../scripts/snapshot/library/sources';
import { topicSlug } from '../../scripts/snapshot/library/topics';
import { ALLOWED_HREF, renderHtml, type Html } from '../../scripts/snapshot/study/lexicons/html';
import { kjvVerses } from '../../scripts/snapshot/study/lexicons/kjv-verses';

// The reference library's readers (scripts/snapshot/library) over the Debian SWORD
// modules. The reference grammar is tested on its own; the rest reads the installed modules once
// (skipped without them, never in CI, which installs them).

const osis = (r: Resolution) =>
  'problem' in r ? `problem: ${r.problem}` : r.spans.map(spanOsis).join(' ');

describe('library references (scripts/snapshot/library/references.ts)', () => {
  const kjv = kjvVerses();

  it('reads OSIS and the SWORD abbreviations of the Scofield notes alike', () => {
    expect(osis(resolveReference('Exod.6.16-Exod.6.20', kjv))).toBe('Exod.6.16-Exod.6.20');
    expect(osis(resolveReference('1Chr.24', kjv))).toBe('1Chr.24');
    expect(osis(resolveReference('mr 2:22', kjv))).toBe('Mark.2.22');
    expect(osis(resolveReference('lu 17:26-29 lu 17:32', kjv))).toBe(
      'Luke.17.26-Luke.17.29 Luke.17.32',
    );
    expect(osis(resolveReference('de 28:1-de 30:9', kjv))).toBe('Deut.28.1-Deut.30.9');
    expect(osis(resolveReference('Rev 4:1 11:1', kjv))).toBe('Rev.4.1 Rev.11.1');
    // `jud` is Judges in these notes ("jud 6:24" is written "Judges 6:24"), `jude` is Jude.
    expect(osis(resolveReference('jud 6:24', kjv))).toBe('Judg.6.24');
    expect(osis(resolveReference('jude 3', kjv))).toBe('Jude.1.3');
  });

  it('takes the book of the reference before for an item without one, and marks a note of the Scofield notes', () => {
    expect(osis(resolveReference('24:37-39', kjv, 'Matt'))).toBe('Matt.24.37-Matt.24.39');
    const note = resolveReference('Scofield:Mt 6:33', kjv);
    expect('problem' in note ? null : note.note).toBe(true);
    expect('problem' in note ? '' : spanHref(note.spans[0]!)).toBe('/verses/KJV:Matt.6.33');
  });

  it('says why a reference does not resolve: no such book, chapter or verse in the KJV, a range backwards', () => {
    expect(osis(resolveReference('Mt 19.51', kjv))).toBe(
      'problem: Matthew 19 has 30 verses, not 51',
    );
    expect(osis(resolveReference('isa 43:8-isa 1244:7', kjv))).toBe(
      'problem: Isaiah has no chapter 1244',
    );
    expect(osis(resolveReference('Ezek.3.12-Ezek.3.2', kjv))).toBe(
      'problem: range ends before it starts',
    );
    expect(osis(resolveReference('Wis.2', kjv))).toMatch(/unknown book/);
  });

  it('reads the words of a reference whose attribute is wrong: verse lists, and what follows the reference left out', () => {
    expect(osis(resolveWords('Jr 50:1-3,8', kjv))).toBe('Jer.50.1-Jer.50.3 Jer.50.8');
    expect(osis(resolveWords('Psalm 16:8-11. 2', kjv))).toBe('Ps.16.8-Ps.16.11');
    expect(osis(resolveWords('2 Samuel 7:16', kjv))).toBe('2Sam.7.16');
    // A bare number after a reference to a verse is a verse of its chapter.
    expect(osis(resolveWords('17', kjv, '2Cor', 8))).toBe('2Cor.8.17');
  });

  it('links a verse, a chapter and a range to the verse resources of the KJV, inside the safe subset', () => {
    const hrefs = ['John.3.16', '1Chr.24', 'Matt.19.4-6', 'Deut.28.1-Deut.30.9'].map((r) => {
      const res = resolveReference(r.replace(/^(\w+)\.(\d+)\.(\d+)-(\d+)$/, '$1 $2:$3-$4'), kjv);
      return 'problem' in res ? res.problem : spanHref(res.spans[0]!);
    });
    expect(hrefs).toEqual([
      '/verses/KJV:John.3.16',
      '/chapters/KJV:1Chr.24',
      '/chapters/KJV:Matt.19/verses?start=4&end=6',
      '/chapters/KJV:Deut.28/verses?start=1&end=9&end_chapter=30',
    ]);
    for (const h of hrefs) expect(h).toMatch(ALLOWED_HREF);
  });
});

describe('library markup (scripts/snapshot/library/markup.ts)', () => {
  const html = (markup: string) =>
    renderHtml(
      markupBlocks(markup, {
        link: (r) => (r.osisRef === 'John.3.16' ? '/verses/KJV:John.3.16' : null),
      }).map((b) => ({ tag: 'p', children: b.children }) as Html),
      Infinity,
    ).html;

  it('turns paragraph milestones into paragraphs, keeps bold and italic across them, and links what resolves', () => {
    expect(
      html(
        '<div sID="a" type="x-p"/>One <hi type="bold">two<div eID="a" type="x-p"/> three</hi> <reference osisRef="John.3.16">John 3:16</reference>; <reference osisRef="X.1">X 1</reference>',
      ),
    ).toBe(
      '<p>One <b>two</b></p><p><b> three</b> <a href="/verses/KJV:John.3.16">John 3:16</a>; X 1</p>',
    );
  });

  it('ignores an end tag without its start (an element cut off by the verse boundary) and escapes text', () => {
    expect(html('a &lt;b&gt; & c</hi> d')).toBe('<p>a &lt;b&gt; &amp; c d</p>');
  });

  it('refuses an href outside the subset', () => {
    expect(() =>
      markupBlocks('<reference osisRef="x">x</reference>', { link: () => 'https://example.com/' }),
    ).toThrow(/href not in the subset/);
  });
});

describe.skipIf(!libraryModules().every(moduleInstalled) && !process.env.CI)(
  'the installed modules (Debian sword-comm-*, sword-dict-naves)',
  () => {
    let lib: LibraryRead;
    beforeAll(() => {
      lib = readLibrary();
    }, 60_000);

    const commentary = (id: string) => lib.commentaries.find((c) => c.config.id === id)!;
    const entry = (id: string, ref: string) =>
      commentary(id).entries.find((e) => `${e.book}.${e.chapter}.${e.verse}` === ref)!;

    it('reads MHCC through the corrected driver: all 5,304 keys (read as shipped, its index is misread)', () => {
      expect(commentary('MHCC').keys).toBe(5304);
      expect(commentary('MHCC').entries.length).toBe(4059);
    });

    it('gives an MHCC section the verses up to the next key, a Scofield note its verse, a Psalm of the Treasury the whole Psalm', () => {
      expect(entry('MHCC', 'John.3.1').endVerse).toBe(21);
      expect(entry('MHCC', 'John.3.22').endVerse).toBe(36);
      expect(entry('Scofield', 'John.3.16').endVerse).toBe(16);
      expect(entry('TDavid', 'Ps.23.1').endVerse).toBe(6);
    });

    it('keeps the introductions the modules key to verse 0 as introductions of their chapter', () => {
      const intro = commentary('MHCC').entries.find(
        (e) => e.book === 'Lev' && e.chapter === 19 && e.verse === 0,
      )!;
      expect(intro.introduction).toBe('chapter');
      expect(intro.endVerse).toBe(37);
      const preface = commentary('TDavid').entries.find(
        (e) => e.book === 'Ps' && e.chapter === 1 && e.verse === 0,
      )!;
      expect(preface.introduction).toBe('book');
    });

    it('resolves every reference or lists it with its reason (data/library-unresolved.json), and reads what the attributes get wrong', () => {
      const nave = lib.topics!.tally;
      expect(nave.written).toBe(77935);
      expect(nave.resolved + nave.listed).toBe(nave.written);
      // `<ref osisRef="Jude.1.1">Jude 1</ref>:9`, `Azariah 2</ref>Ch 15:1`: read as meant.
      expect(nave.readAsMeant).toBeGreaterThan(240);
      const scofield = commentary('Scofield').tally;
      expect(scofield.written).toBe(9642);
      expect(scofield.corrected).toBeGreaterThan(0);
      expect(scofield.resolved + scofield.listed).toBe(scofield.written);
    });

    it("reads Nave's topics: one-chapter books by the verse after the colon, links to topics by name, duplicate names merged", () => {
      const topics = lib.topics!.topics;
      expect(topics.length).toBe(5320);
      expect(topicSlug('JESUS, THE CHRIST')).toBe('jesus-the-christ');
      const love = topics.find((t) => t.id === 'love')!;
      const jude = love.subtopics.flatMap((s) => s.cites).find((s) => s.book === 'Jude')!;
      expect(spanOsis(jude)).toBe('Jude.1.21');
      expect(love.subtopics.flatMap((s) => s.see)).toContain('children');
      // `<ref target="Nave:JESUS">` names the one topic JESUS, THE CHRIST.
      expect(topics.some((t) => t.subtopics.some((s) => s.see.includes('jesus-the-christ')))).toBe(
        true,
      );
      expect(topics.filter((t) => t.id === 'sin')).toHaveLength(1);
      expect(lib.topics!.duplicates).toBe(2);
    });

    it('writes only the safe subset, every link to a KJV verse, chapter, range, commentary or topic', () => {
      const ids = new Set(lib.topics!.topics.map((t) => t.id));
      const check = (html: string) => {
        expect(html).not.toMatch(/<(?!\/?(p|b|i|ol|li|span|a)[\s>])/);
        for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
          const h = href!.replace(/&amp;/g, '&');
          expect(h).toMatch(ALLOWED_HREF);
          if (h.startsWith('/topics/')) expect(ids.has(h.slice(8))).toBe(true);
        }
      };
      for (const c of lib.commentaries)
        for (const e of c.entries.filter((_, i) => i % 7 === 0))
          check(renderHtml(e.html, Infinity).html);
      for (const t of lib.topics!.topics.filter((_, i) => i % 5 === 0))
        for (const s of t.subtopics)
          check(renderHtml([{ tag: 'p', children: s.html }], Infinity).html);
    });

    it('ranks the passages cited with a verse by how many units cite them together', () => {
      const units: CitingUnit[] = lib.topics!.topics.flatMap((t) =>
        t.subtopics.map((s) => ({ kind: 'topic' as const, spans: s.cites })),
      );
      const list = citedWith(
        units,
        kjvVerses(),
        (book, chapter) => book === 'John' && chapter === 3,
        20,
      ).get('John.3.16')!;
      const counts = list.items.map((i) => i[1]);
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);
      expect(list.items.map((i) => i[0])).toContain('1John.4.10');
      // Never the verse itself, nor a passage holding it.
      expect(list.items.some((i) => i[0] === 'John.3.16')).toBe(false);
      expect(list.total).toBeGreaterThanOrEqual(list.items.length);
    });
  },
);
