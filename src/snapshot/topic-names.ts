/**
 * The terms of a topic's name for the topic search, shared by the build (which
 * stores them, `TopicNamesValue`) and the worker (which reads a query with the same function), so
 * that the two can never disagree: the words of keyword search (./search-text.ts: case, accents
 * and apostrophes folded, a hyphenated word whole and in parts) stemmed with its English stemmer
 * (Nave's names are English). `ABED-NEGO` → `abednego abed nego`; `LOVE` and `LOVED` → `lov`.
 */
import { stem, words } from './search-text';

export function topicNameTerms(text: string): string[] {
  const out = new Set<string>();
  for (const w of words(text)) {
    out.add(stem(w.term));
    for (const p of w.parts) out.add(stem(p));
  }
  return [...out];
}
