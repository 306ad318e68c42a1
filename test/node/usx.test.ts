import { describe, expect, it } from 'vitest';
import { loadCanon } from '../../scripts/snapshot/canon';
import { parseUsfmBook, parseUsfmTokens } from '../../scripts/snapshot/importers/usfm-book';
import { lexUsx } from '../../scripts/snapshot/importers/usx-lex';

// USX, USFM's XML form, read by the same reader as USFM (scripts/snapshot/importers/usx-lex.ts):
// a made-up book written both ways reads the same.

const canon = loadCanon();

const USFM = `\\id PSA Made-up Psalter
\\h Songs
\\toc2 Songs
\\c 1
\\s1 A heading
\\d A song of \\nd Someone\\nd*.
\\q1
\\v 1 He said, \\wj Come \\+add and\\+add* \\+w see|strong="G1492"\\+w*.\\wj*\\f + \\fr 1:1 \\ft Or, \\fqa look\\fqa*.\\f*
\\q2 They went\\x - \\xo 1:1 \\xt Gen 1:1\\x* on.
\\p
\\v 2-3 Two &amp; three.
\\c 2
\\p
\\v 1 Again.
`;

const USX = `<?xml version="1.0" encoding="utf-8"?>
<usx version="3.0">
  <book code="PSA" style="id">Made-up Psalter</book>
  <para style="h">Songs</para>
  <para style="toc2">Songs</para>
  <chapter number="1" style="c" sid="PSA 1" />
  <para style="s1">A heading</para>
  <para style="d">A song of <char style="nd">Someone</char>.</para>
  <para style="q1"><verse number="1" style="v" sid="PSA 1:1" />He said, <char style="wj">Come <char style="add">and</char> <char style="w" strong="G1492">see</char>.</char><note caller="+" style="f"><char style="fr">1:1 </char><char style="ft">Or, </char><char style="fqa">look</char>.</note></para>
  <para style="q2">They went<note caller="-" style="x"><char style="xo">1:1 </char><char style="xt">Gen 1:1</char></note> on.<verse eid="PSA 1:1" /></para>
  <para style="p"><verse number="2-3" style="v" sid="PSA 1:2-3" />Two &amp;amp; three.<verse eid="PSA 1:2-3" /></para>
  <chapter eid="PSA 1" />
  <chapter number="2" style="c" sid="PSA 2" />
  <para style="p"><verse number="1" style="v" sid="PSA 2:1" />Again.<verse eid="PSA 2:1" /></para>
  <chapter eid="PSA 2" />
</usx>
`;

describe('USX', () => {
  it('reads as the same book written in USFM', () => {
    const fromUsx = parseUsfmTokens(lexUsx(USX, 'a.usx'), 'a.usx', canon);
    const fromUsfm = parseUsfmBook(USFM, 'a.usfm', canon);
    expect(fromUsx.chapters).toEqual(fromUsfm.chapters);
    expect(fromUsx.meta).toEqual(fromUsfm.meta);
    expect(fromUsx.counts).toEqual(fromUsfm.counts);
    expect(fromUsx.chapters[0]!.verses[0]!.notes).toHaveLength(2);
  });

  it('names the file and line of an element closed out of order, and of a duplicated verse', () => {
    expect(() => lexUsx('<usx>\n<para style="p">\n</char></para></usx>', 'a.usx')).toThrow(
      'a.usx:3: </char> closes <para>',
    );
    const dup =
      '<usx><book code="GEN" style="id"/>\n<chapter number="1" style="c"/>\n<para style="p"><verse number="1" style="v"/>x\n<verse number="1" style="v"/>y</para></usx>';
    expect(() => parseUsfmTokens(lexUsx(dup, 'a.usx'), 'a.usx', canon)).toThrow(
      'a.usx:4: \\v 1 in chapter 1 again: a duplicated verse (first at line 3)',
    );
  });
});
