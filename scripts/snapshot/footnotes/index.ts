/**
 * A version's translators' notes, made ready for the snapshot (data/versions.json `footnotes`):
 * the notes its text source carried (the OSIS importer keeps them), or those of another edition
 * placed in the text (./margin.ts), finished and checked (./finish.ts) and counted against the
 * pinned figure. The `fn:` values are written by ./producer.ts.
 */
import { countNotes } from '../assemble';
import { SourceUnavailableError } from '../importers/types';
import type { VersionIR } from '../ir';
import type { ManifestVersion } from '../manifest';
import { finishNotes, type FinishedNotes } from './finish';
import { loadKindRules } from './kinds';
import { loadMarginAnchors, placeMarginNotes, readMarginNotes } from './margin';

export interface VersionFootnotes extends FinishedNotes {
  /** Notes the edition placed by hand (data/margin-anchors.json). */
  byHand: number;
  /** Set when the notes' optional source is not installed: the version is served without them. */
  unavailable?: string;
}

export async function addFootnotes(
  m: ManifestVersion,
  ir: VersionIR,
  log: (msg: string) => void,
): Promise<VersionFootnotes> {
  const config = m.footnotes;
  const count = countNotes(ir);
  if (!config) {
    if (!count) return { count: 0, byKind: {}, problems: [], byHand: 0 };
    return {
      count: 0,
      byKind: {},
      byHand: 0,
      problems: [
        `${m.id}: the source carries ${count} translators' notes; data/versions.json "footnotes" must give their copyright and pin the count`,
      ],
    };
  }
  let byHand = 0;
  const problems: string[] = [];
  if (config.source) {
    if (config.source.format !== 'margin-osis')
      throw new Error(`${m.id}: unknown footnotes source format "${config.source.format}"`);
    let notes;
    try {
      notes = await readMarginNotes(config.source, { version: m.id, log });
    } catch (e) {
      if (!(e instanceof SourceUnavailableError)) throw e;
      log(
        `WARNING: ${m.id}'s translators' notes skipped, their source is not available: ${e.message}`,
      );
      return { count: 0, byKind: {}, problems: [], byHand: 0, unavailable: e.message };
    }
    const placed = placeMarginNotes(m.id, ir, notes, loadMarginAnchors()[m.id] ?? {});
    byHand = placed.byHand;
    problems.push(...placed.problems);
    // A note whose words are found only inside another word fails the build unless the hand list
    // places it (docs/footnotes.md): the counts say how each note was placed.
    log(
      `  margin notes: ${placed.placed} after their words, ${placed.insideWord} found only inside a word, ${placed.byHand} placed by hand, ${placed.dropped} dropped as copies (data/margin-anchors.json)`,
    );
  }
  const finished = finishNotes(m.id, ir, loadKindRules());
  problems.push(...finished.problems);
  if (finished.count !== config.expect.notes)
    problems.push(
      `${m.id}: ${finished.count} translators' notes, data/versions.json footnotes.expect.notes says ${config.expect.notes}`,
    );
  const kinds = Object.entries(finished.byKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  log(
    `  ${finished.count} translators' notes${byHand ? ` (${byHand} placed by data/margin-anchors.json)` : ''}: ${kinds}`,
  );
  return { ...finished, problems, byHand };
}
