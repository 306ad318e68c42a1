import type { QueuedNote } from '../annotations/public/moderation';
import { MODERATION_ACTIONS } from '../api/moderation';
import type { Page } from '../http/paging';
import { Layout } from './layout';
import { useMessages } from './messages';
import { ListPager, References } from './personal';

/**
 * The moderators' queue as a page (docs/public-notes.md "The queue"): each waiting note with its
 * author's public name and account, its state, its text (as text, isolated), its reports' reasons
 * and a form that applies an action through the API (`PUT /moderation/notes/{id}.js`, by
 * /assets/moderation.js). Fed by the same query as /moderation/queue.xml.
 */
export function ModerationQueuePage(props: { notes: QueuedNote[]; page: Page; total: number }) {
  const t = useMessages();
  const m = t.moderation;
  const actions = Object.keys(MODERATION_ACTIONS) as (keyof typeof MODERATION_ACTIONS)[];
  return (
    <Layout title={m.title} scripts={['moderation.js']} personal>
      <h1>{m.title}</h1>
      <p>
        <a href="/moderation/log">{m.log}</a>
      </p>
      {props.notes.length ? null : <p class="muted">{m.empty}</p>}
      {props.notes.map((n) => (
        <article class="note queued" aria-labelledby={`queued-${n.id}`}>
          <h2 id={`queued-${n.id}`}>
            <bdi>{n.title}</bdi>
          </h2>
          <p class="muted">
            {m.by}
            <bdi>{n.author}</bdi> ({m.account(n.userId)}) · {m.state}:{' '}
            <span class="state">{m.states[n.moderation ?? 'none'] ?? n.moderation}</span>
          </p>
          <p dir="auto">{n.content}</p>
          <References references={n.references} />
          {n.reports.length ? (
            <details>
              <summary>{m.reports(n.reports.length)}</summary>
              <ul>
                {n.reports.map((r) => (
                  <li dir="auto">{r.reason}</li>
                ))}
              </ul>
            </details>
          ) : null}
          <form
            class="moderate-form"
            data-note={String(n.id)}
            aria-label={`${m.action}: ${n.title}`}
            data-working={m.working}
            data-done={m.done}
            data-failed={m.failed}
          >
            <label for={`action-${n.id}`}>{m.action}</label>
            <select id={`action-${n.id}`} name="action">
              {actions.map((a) => (
                <option value={a}>{m.actions[a]}</option>
              ))}
            </select>
            <label for={`reason-${n.id}`}>{m.reason}</label>
            <input id={`reason-${n.id}`} name="reason" maxlength={500} />
            <button type="submit" disabled>
              {m.apply}
            </button>
            <p role="status" class="muted">
              {m.noScript[0]}
              <code>PUT /moderation/notes/{n.id}.js</code>
              {m.noScript[1]}
            </p>
          </form>
        </article>
      ))}
      <ListPager page={props.page} total={props.total} path="/moderation/queue" label={m.pages} />
    </Layout>
  );
}
