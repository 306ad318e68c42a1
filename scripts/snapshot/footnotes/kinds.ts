/**
 * A translators' note's kind from its opening words (data/footnote-kinds.json): the sources say
 * what a note is by how it begins ("Heb." literal, "or," another rendering, "TR reads" textual).
 */
import { readFileSync } from 'node:fs';
import { FOOTNOTE_KINDS, type FootnoteKind } from '../../../src/snapshot/types';
import { DATA_DIR } from '../paths';
import { dataFile } from '../data-files';

export interface KindRule {
  kind: FootnoteKind;
  pattern: RegExp;
}

export function loadKindRules(file = dataFile(DATA_DIR, 'footnoteKinds')): KindRule[] {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as {
    rules: { kind: string; pattern: string; why?: string }[];
  };
  return raw.rules.map((r) => {
    if (!(FOOTNOTE_KINDS as readonly string[]).includes(r.kind))
      throw new Error(
        `data/footnote-kinds.json: unknown kind "${r.kind}" (known: ${FOOTNOTE_KINDS.join(', ')})`,
      );
    if (!r.why) throw new Error(`data/footnote-kinds.json: the rule ${r.pattern} says no why`);
    return { kind: r.kind as FootnoteKind, pattern: new RegExp(r.pattern, 'u') };
  });
}

/** The kind the first matching rule names, or none. */
export function kindOf(text: string, rules: KindRule[]): FootnoteKind | undefined {
  return rules.find((r) => r.pattern.test(text))?.kind;
}
