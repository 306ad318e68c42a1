/**
 * Corrections of a source's raw verse strings, applied by the importers before parsing. One
 * mechanism for every correction file (CORRECTION_FILES in validate.ts, applied in that order):
 * data/source-fixes.json (markup typos of any version) and data/asv-errata.json (the ASV's
 * transcription errors, each with its evidence). Both files share one shape:
 *
 *   { "version"?: "ASV", "fixes": [{ "version"?: "ASV", "verse": "Ps.23.4", "from": "…", "to": "…", "evidence": "…" }] }
 *
 * (`version` on the file or on each fix). A fix replaces `from` by `to` in the raw string of that
 * verse (OSIS id), in list order. `from` must occur exactly once in the string as it stands when
 * the fix is applied (after earlier fixes of the same verse): zero means the source changed, two
 * means the replacement is ambiguous. Either way the fix is not applied and the build fails with
 * the list of such fixes (problems()), as it does for a fix whose verse the importer never read.
 *
 * Pure (no file access), so the unit tests run it in workerd.
 */

export interface Correction {
  version: string;
  /** OSIS id of the raw verse string, e.g. "Ps.23.4" (for OSIS sources: any id, see importers/osis.ts). */
  verse: string;
  from: string;
  to: string;
  evidence: string;
  /** Which file lists it (for messages and the build summary), e.g. "data/asv-errata.json". */
  file: string;
  /** 1-based position in its file (for messages). */
  n: number;
}

/** Normalize one correction file; throws on a malformed entry (a broken data file, not a source change). */
export function parseCorrections(file: string, doc: unknown): Correction[] {
  const d = doc as { version?: unknown; fixes?: unknown };
  if (!d || !Array.isArray(d.fixes)) throw new Error(`${file}: expected {"fixes": [...]}`);
  return d.fixes.map((f: Record<string, unknown>, i) => {
    const version = f.version ?? d.version;
    const where = `${file} fix #${i + 1}`;
    for (const k of ['verse', 'from', 'to', 'evidence'] as const) {
      if (typeof f[k] !== 'string') throw new Error(`${where}: "${k}" must be a string`);
    }
    if (typeof version !== 'string')
      throw new Error(`${where}: no "version" (on the fix or the file)`);
    if (!f.from || f.from === f.to) throw new Error(`${where}: "from" is empty or equal to "to"`);
    if (!(f.evidence as string).trim()) throw new Error(`${where}: "evidence" is empty`);
    return {
      version,
      verse: f.verse as string,
      from: f.from as string,
      to: f.to as string,
      evidence: f.evidence as string,
      file,
      n: i + 1,
    };
  });
}

/** Occurrences of `sub` in `s`, overlapping ones included (as check-errata.py counts them). */
export function occurrences(s: string, sub: string): number {
  let n = 0;
  for (let i = s.indexOf(sub); i !== -1; i = s.indexOf(sub, i + 1)) n++;
  return n;
}

/** The corrections of one version, as its importer applies them. */
export class VersionCorrections {
  private readonly byVerse = new Map<string, Correction[]>();
  private readonly reached = new Set<Correction>();
  private readonly applied = new Set<Correction>();
  private readonly errors: string[] = [];
  private readonly files: string[] = [];

  constructor(
    readonly version: string,
    list: Correction[],
  ) {
    for (const c of list) {
      if (c.version !== version) continue;
      if (!this.files.includes(c.file)) this.files.push(c.file);
      const l = this.byVerse.get(c.verse) ?? [];
      l.push(c);
      this.byVerse.set(c.verse, l);
    }
  }

  /** Verse ids with corrections. */
  ids(): string[] {
    return [...this.byVerse.keys()];
  }

  /** Apply the corrections listed for `id` to its raw string, in list order. */
  apply(id: string, text: string): string {
    for (const c of this.byVerse.get(id) ?? []) {
      this.reached.add(c);
      const k = occurrences(text, c.from);
      if (k !== 1) {
        this.errors.push(
          `${this.version} ${id}: ${c.file} fix #${c.n}: ${JSON.stringify(c.from)} occurs ${k} times, expected exactly once (did the source change? correct or remove the entry)`,
        );
        continue;
      }
      text = text.replace(c.from, () => c.to); // a function, so `$` in `to` is literal
      this.applied.add(c);
    }
    return text;
  }

  /** Why the build must fail: fixes that did not match exactly once, and fixes of verses never read. */
  problems(): string[] {
    const out = [...this.errors];
    for (const list of this.byVerse.values())
      for (const c of list) {
        if (!this.reached.has(c))
          out.push(
            `${this.version} ${c.verse}: ${c.file} fix #${c.n}: the source has no such verse`,
          );
      }
    return out;
  }

  /** Corrections applied, per file in file order (the build summary prints them). */
  appliedByFile(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const f of this.files) out[f] = 0;
    for (const c of this.applied) out[c.file]++;
    return out;
  }
}
