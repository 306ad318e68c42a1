import type { Context } from 'hono';
import { notesWithReferences } from '../annotations/personal/notes';
import { reportDoc } from '../annotations/public/moderation-documents';
import type { StoredReport } from '../annotations/public/reports';
import type { NoteRow, TaggingRow } from '../annotations/rows';
import type { ReferenceRow } from '../annotations/references';
import type { KeptAnswer } from '../annotations/sync/idempotency';
import { taggingsWithReferences } from '../annotations/personal/taggings';
import type { AppEnv } from '../env';
import { noteAnswer } from './notes';
import { emptyResponse, respond } from './respond';
import { taggingAnswer } from './taggings';

/**
 * The first answer to an Idempotency-Key, again (docs/sync.md "Idempotency-Key"): rendered from
 * what the write's own batch recorded (the rows as the write left them, so an edit made since
 * does not show), or, for an answer that changed nothing, its body as it was sent. The middleware
 * (src/middleware/idempotency.ts) marks it `Idempotent-Replayed: true`.
 */
export async function replayAnswer(c: Context<AppEnv>, kept: KeptAnswer): Promise<Response> {
  const status = kept.status as 200 | 201;
  const result = kept.result === null ? null : (JSON.parse(kept.result) as unknown);
  switch (kept.kind) {
    case 'note': {
      const { rows, refs } = result as { rows: NoteRow[]; refs: ReferenceRow[] };
      return noteAnswer(c, notesWithReferences(rows, refs)[0], status);
    }
    case 'tagging': {
      const { rows, refs } = result as { rows: TaggingRow[]; refs: ReferenceRow[] };
      return taggingAnswer(c, taggingsWithReferences(rows, refs)[0], status, true);
    }
    case 'import':
      return respond(c, 'import', result as Record<string, number>, status);
    case 'report': {
      const report = result as StoredReport;
      return respond(c, 'reports', { report: [reportDoc({ ...report, hid: !!report.hid })] });
    }
    case 'empty':
      return emptyResponse(status);
    case 'body': {
      const { body, headers } = result as { body: string; headers: Record<string, string> };
      return new Response(body || null, { status, headers });
    }
  }
}
