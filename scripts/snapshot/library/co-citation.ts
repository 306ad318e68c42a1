/**
 * Co-citation for the order of the cross-references (./cross-references.ts): how many citing units
 * (the units of `cited with`, ./cited-with.ts: a Nave's sub-topic, a commentary entry with the
 * passage it comments on) cite two verses together, each in a passage of its own. Two verses in
 * one passage of a unit (Gen 1:1 and 1:3 in a commentary's section Gen 1:1-5) are the same
 * citation, not two cited together.
 */
import type { KjvVerses } from '../study/lexicons/kjv-verses';
import type { CitingUnit } from './cited-with';
import { spanOsis, spanVerses } from './references';

export class CoCitation {
  /** `Book.C.V` → [unit, span, unit, span, …], units ascending. */
  private readonly incidence = new Map<string, number[]>();

  constructor(units: CitingUnit[], kjv: KjvVerses) {
    units.forEach((u, unit) => {
      if (u.spans.length < 2) return; // one passage cites nothing together
      const seen = new Set<string>();
      u.spans.forEach((s, span) => {
        // A passage a unit writes twice is one passage.
        const osis = spanOsis(s);
        if (seen.has(osis)) return;
        seen.add(osis);
        for (const v of spanVerses(s, kjv)) {
          const list = this.incidence.get(v);
          if (list) list.push(unit, span);
          else this.incidence.set(v, [unit, span]);
        }
      });
    });
  }

  /** The units citing `a` and `b` in passages of their own. */
  count(a: string, b: string): number {
    const x = this.incidence.get(a);
    const y = this.incidence.get(b);
    if (!x || !y) return 0;
    let n = 0;
    let i = 0;
    let j = 0;
    while (i < x.length && j < y.length) {
      const u = x[i]!;
      const w = y[j]!;
      if (u < w) i += 2;
      else if (w < u) j += 2;
      else {
        // The unit's spans holding a, and those holding b: together unless both are one same span.
        let aSpan = -1;
        let aMany = false;
        for (; i < x.length && x[i] === u; i += 2) {
          if (aSpan >= 0 && x[i + 1] !== aSpan) aMany = true;
          aSpan = x[i + 1]!;
        }
        let together = aMany;
        for (; j < y.length && y[j] === u; j += 2) if (y[j + 1] !== aSpan) together = true;
        if (together) n++;
      }
    }
    return n;
  }
}
