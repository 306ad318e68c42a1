import { startSite } from './site-under-test';

/**
 * The process that holds the browser tests' site, forked by ./global-setup.ts: the site's start
 * (reading the fixture, choosing its pairs, the bundle, workerd, the seed) takes seconds of
 * JavaScript that would otherwise stop vitest's main process, which the Workers tests need
 * meanwhile. Messages (IPC): this process sends `{ type: 'up', url, bundle }` or `{ type: 'failed', error }`,
 * answers `{ type: 'account', id, email, origins? }` with `{ type: 'account', id, token, key? }` (or
 * `error`; with `origins`, a read key of the account accepted from them), and
 * stops the site and exits on `{ type: 'stop' }` or when vitest goes away.
 */

export type ToSite =
  { type: 'account'; id: number; email: string; origins?: string[] } | { type: 'stop' };
export type FromSite =
  | { type: 'up'; url: string; bundle: string }
  | { type: 'failed'; error: string }
  | { type: 'account'; id: number; token?: string; key?: string; error?: string };

const send = (message: FromSite) => process.send!(message);
const describe = (err: unknown) =>
  err instanceof Error ? (err.stack ?? err.message) : String(err);

const starting = startSite();
starting.then(
  (site) => send({ type: 'up', url: site.url, bundle: site.bundle }),
  (err: unknown) => send({ type: 'failed', error: describe(err) }),
);

const stop = () =>
  starting
    .then((site) => site.stop())
    .catch(() => undefined)
    .finally(() => process.exit(0));

process.on('message', (message: ToSite) => {
  if (message.type === 'stop') return void stop();
  starting
    .then(async (site) => {
      const token = await site.newAccount(message.email);
      const key = message.origins && (await site.newReadKey(message.email, message.origins));
      return { token, key };
    })
    .then(
      ({ token, key }) => send({ type: 'account', id: message.id, token, key }),
      (err: unknown) => send({ type: 'account', id: message.id, error: describe(err) }),
    );
});
// Never outlive vitest (killed, or ended without its teardown).
process.on('disconnect', stop);
