import { describe, expect, it } from 'vitest';
import { emphasize, highlight } from '../../src/search/highlight';
import { stemmerFor } from '../../src/snapshot/stemmers';

/**
 * Highlighting copies the verse HTML between the places an `<em>` opens or closes: made-up verse
 * HTML with words split by markup, entities, a verse number, hyphens and adjacent matches, each
 * answer spelled out whole.
 */
describe('highlighting', () => {
  it('wraps every matched word, each piece of a word split by a tag on its own', async () => {
    const eng = await stemmerFor('eng');
    const html =
      '<span class="v1_2_3"><sup class="v1_2_3">3</sup>The zorb <span class="add">zor</span>bed the zorbs; the-zorb &amp; zorb&#8217;s end.</span>';
    expect(highlight(html, new Set(['zorb']), eng)).toBe(
      '<span class="v1_2_3"><sup class="v1_2_3">3</sup>The <em>zorb</em> <span class="add"><em>zor</em></span><em>bed</em> the <em>zorbs</em>; <em>the-zorb</em> &amp; <em>zorb&#8217;s</em> end.</span>',
    );
    expect(highlight(html, new Set(['the']), eng)).toBe(
      '<span class="v1_2_3"><sup class="v1_2_3">3</sup><em>The</em> zorb <span class="add">zor</span>bed <em>the</em> zorbs; <em>the-zorb</em> &amp; zorb&#8217;s end.</span>',
    );
    expect(highlight(html, new Set(['none']), eng)).toBe(html);
  });

  it('wraps each piece of a marked word, and only the words marked', () => {
    const html = 'ab<i>cd</i>ef gh';
    expect(emphasize(html, () => true)).toBe(
      '<em>ab</em><i><em>cd</em></i><em>ef</em> <em>gh</em>',
    );
    expect(emphasize(html, (_, i) => i === 1)).toBe('ab<i>cd</i>ef <em>gh</em>');
  });
});
