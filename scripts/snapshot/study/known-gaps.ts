/**
 * Strong's numbers the tagged texts use that no lexicon has, each with the reason it is allowed
 * (data/strongs-known-gaps.json): the build's check (./producer.ts) fails on any other.
 */
import { readFileSync } from 'node:fs';
import { dataFile } from '../data-files';
import { DATA_DIR } from '../paths';

export function knownGaps(file = dataFile(DATA_DIR, 'strongsKnownGaps')): Map<string, string> {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as {
    gaps: { number: string; reason: string }[];
  };
  return new Map(raw.gaps.map((g) => [g.number, g.reason]));
}
