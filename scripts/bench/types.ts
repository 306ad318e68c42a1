/**
 * A benchmark case: one kind of request, measured against the baseline route in the same run
 * (scripts/bench/run.ts). Case files in scripts/bench/cases/ export `cases: BenchCase[]`.
 */
export interface BenchContext {
  /** e.g. http://127.0.0.1:8799 */
  baseUrl: string;
  /** API token of a bench account (fresh per run). */
  token: string;
  /** Authorization header value for that token. */
  authorization: string;
  /**
   * Authorization header values of further fresh accounts: write cases spread their requests
   * over them, since one account holds at most 2,000 notes and 2,000 taggings
   * (src/annotations/personal/quotas.ts) and a case sends thousands; the last one is the reader of the
   * signed-in page cases.
   */
  pool: string[];
}

export interface BenchRequest {
  method?: string;
  /** Path and query, e.g. `/verses/KJV:John.3.16.xml`. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface BenchCase {
  name: string;
  /** Runs once before measuring (e.g. create 100 notes). */
  setup?: (ctx: BenchContext) => Promise<void>;
  /** The request for iteration `i` (vary it to defeat caches where that matters). */
  request: (ctx: BenchContext, i: number) => BenchRequest;
  /** Expected status (default 200). */
  expectStatus?: number;
}
