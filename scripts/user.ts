/**
 * Account administration: accounts are made here, not through the API (docs/contract.md
 * "Account": no create through the API).
 *
 *   npm run user -- create EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME] [--remote]
 *   npm run user -- role EMAIL moderator|reader [--remote]
 *   npm run user -- key create EMAIL --origin URL [--origin URL…] [--remote]
 *   npm run user -- key list EMAIL [--remote]
 *   npm run user -- key revoke EMAIL KEY_ID [--remote]
 *   npm run user -- move EMAIL --to DB_2 [--grace SECONDS] [--remote]
 *
 * The fields follow the API's own rules (src/annotations/personal/account.ts `accountFields`: a valid
 * e-mail, a password of at least 8 characters, …). Writes to the local D1 (the one `npm run dev`
 * serves) unless --remote is given (or to the local state under --persist-to DIR). `create` applies
 * migrations first (to every database that holds accounts: docs/scale.md) and places the account in
 * the one with the fewest; the new API token is printed alone on the last line of output.
 *
 * `move` moves an account to another database while it is in use (docs/scale.md "Moving an
 * account"): its writes are refused with 503 and Retry-After for the moment of the copy, every
 * write that was answered 2xx is in the new database, and after `--grace` seconds (default 30) it
 * is deleted from the old one. It prints how many rows moved and how long writes paused.
 *
 * `key` manages an account's publishable read keys (docs/tagger.md): `create` prints the new key
 * alone on the last line (it is stored only as a hash: it cannot be shown again), `list` shows
 * each key's id, origins, and when it was made and revoked, `revoke` ends a key by its id. The
 * origins are checked and normalized before any database is touched. The key commands apply no
 * migrations: the account they name exists, so `create` (or `npm run dev`, `npm run deploy`)
 * applied them.
 *
 * `role` gives an account the moderator role or takes it back (docs/public-notes.md "Roles"):
 * roles are given by the operator, never through the API; it applies migrations first.
 */
import { parseArgs } from 'node:util';
import type { BodyObject } from '../src/http/body';

const USAGE = [
  'usage: npm run user -- create EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME] [--remote]',
  '       npm run user -- role EMAIL moderator|reader [--remote]',
  '       npm run user -- key create EMAIL --origin URL [--origin URL…] [--remote]',
  '       npm run user -- key list EMAIL [--remote]',
  '       npm run user -- key revoke EMAIL KEY_ID [--remote]',
  '       npm run user -- move EMAIL --to DB_<n> [--grace SECONDS] [--remote]',
  '       (locally, --persist-to DIR uses the local state in DIR instead of wrangler’s default)',
].join('\n');

function usage(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      remote: { type: 'boolean', default: false },
      local: { type: 'boolean', default: false },
      origin: { type: 'string', multiple: true },
      to: { type: 'string' },
      grace: { type: 'string' },
      'persist-to': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      `${USAGE}\n  create: an account in the local D1 (or --remote), its API token on the last line\n  key create: a publishable read key for the origins given, the key on the last line (docs/tagger.md)\n  role: gives the account the moderator role, or takes it back (reader)\n  move: moves the account to another database that holds accounts (docs/scale.md)`,
    );
    return;
  }
  if (positionals[0] === 'key') return keyCommand(positionals.slice(1), values);
  if (positionals[0] === 'move') return moveCommand(positionals[1], values);
  // Imported once needed: --help and a refused account answer without loading Drizzle
  // (test/node/scripts.test.ts runs both).
  const { accountFields } = await import('../src/annotations/personal/account-fields');
  const [command, email, role] = positionals;
  if (command === 'role') return changeRole(email, role);
  if (command !== 'create') usage(`unknown command: ${command ?? '(none)'}`);
  const body: BodyObject = {};
  if (email !== undefined) body.email = email;
  if (values.password !== undefined) body.password = values.password;
  if (values['first-name'] !== undefined) body.first_name = values['first-name'];
  if (values['last-name'] !== undefined) body.last_name = values['last-name'];
  const problems: string[] = [];
  const fields = await accountFields(body, problems, { create: true });
  if (problems.length) usage(problems.join('\n'));
  const [
    { createAccountWithWrangler, DuplicateAccountError },
    { target },
    { migrateShardsWithWrangler },
  ] = await Promise.all([
    import('./lib/accounts'),
    import('./lib/wrangler'),
    import('./lib/shards'),
  ]);
  const where = target(process.argv);
  const persistTo = values['persist-to'];

  console.log(`applying D1 migrations (${where.slice(2)}) to every database that holds accounts…`);
  await migrateShardsWithWrangler(where, persistTo);

  let token: string;
  try {
    token = await createAccountWithWrangler(
      {
        email: fields.email!,
        password: fields.password!,
        firstName: fields.firstName,
        lastName: fields.lastName,
      },
      where,
      persistTo,
    );
  } catch (err) {
    if (err instanceof DuplicateAccountError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  console.log(
    `created account ${fields.email} (${where.slice(2)} D1). API token (send it as the HTTP Basic user name):`,
  );
  console.log(token);
}

/** `key create|list|revoke`: an account's publishable read keys (docs/tagger.md). */
async function keyCommand(
  args: string[],
  values: { origin?: string[]; remote?: boolean; 'persist-to'?: string },
): Promise<void> {
  const [command, email, keyId] = args;
  if (!email) usage('key: an e-mail address is needed');
  // Imported once needed: --help and a refused origin answer without loading wrangler.
  const { keyOrigins } = await import('../src/auth/new-read-key');
  let origins: string[] = [];
  if (command === 'create') {
    const checked = keyOrigins(values.origin ?? []);
    if (checked.problems.length) usage(checked.problems.join('\n'));
    origins = checked.origins;
  } else if (command === 'revoke') {
    if (!keyId) usage('key revoke: the id of the key is needed (key list shows it)');
  } else if (command !== 'list') {
    usage(`unknown key command: ${command ?? '(none)'}`);
  }
  const [keys, { target }] = await Promise.all([
    import('./lib/read-keys'),
    import('./lib/wrangler'),
  ]);
  const at = { where: target(process.argv), persistTo: values['persist-to'] };
  const d1 = `${at.where.slice(2)} D1`;
  try {
    if (command === 'create') {
      const created = await keys.createReadKey(email, origins, at);
      console.log(
        `created read key ${created.keyId} for ${email} (${d1}), accepted from ${origins.join(', ')}. The key (put it in your pages' script tag; it is not shown again):`,
      );
      console.log(created.key);
    } else if (command === 'list') {
      const listed = keys.listReadKeys(email, at);
      if (!listed.length) console.log(`${email} has no read keys (${d1})`);
      for (const k of listed)
        console.log(
          `${k.keyId}  ${k.revokedAt === null ? 'live' : `revoked ${new Date(k.revokedAt).toISOString()}`}  created ${new Date(k.createdAt).toISOString()}  ${k.origins.join(' ')}`,
        );
    } else {
      if (!keys.revokeReadKey(email, keyId!, at)) {
        console.error(`${email} has no live read key ${keyId} (${d1}): see key list`);
        process.exit(1);
      }
      console.log(`revoked read key ${keyId} of ${email} (${d1})`);
    }
  } catch (err) {
    if (err instanceof keys.NoSuchAccountError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** `role EMAIL ROLE`: the role checked before any database is touched. */
async function changeRole(email: string | undefined, role: string | undefined) {
  const { ROLES } = await import('../src/api/moderation');
  if (!email) usage('role needs an e-mail address');
  if (!(ROLES as readonly string[]).includes(role ?? ''))
    usage(`role must be one of ${ROLES.join(', ')}`);
  const [{ setRoleWithWrangler, NoSuchAccountError }, { target }, { migrateShardsWithWrangler }] =
    await Promise.all([import('./lib/accounts'), import('./lib/wrangler'), import('./lib/shards')]);
  const where = target(process.argv);
  console.log(`applying D1 migrations (${where.slice(2)}) to every database that holds accounts…`);
  await migrateShardsWithWrangler(where);
  try {
    setRoleWithWrangler(email!, role!, where);
  } catch (err) {
    if (err instanceof NoSuchAccountError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  console.log(`${email} is now a ${role} (${where.slice(2)} D1)`);
}

/** `move EMAIL --to DB_<n>`: the database checked before any is touched. */
async function moveCommand(
  email: string | undefined,
  values: { to?: string; grace?: string; remote?: boolean; 'persist-to'?: string },
): Promise<void> {
  if (!email) usage('move: an e-mail address is needed');
  if (!values.to || !/^DB(_[1-9]\d{0,2})?$/.test(values.to))
    usage('move: --to names the database to move the account to (DB, DB_1, …: wrangler.toml)');
  const grace = Number(values.grace ?? 30);
  if (!Number.isFinite(grace) || grace < 0) usage('move: --grace is a number of seconds');
  const { moveAccountByEmail } = await import('./lib/move');
  const report = await moveAccountByEmail({
    email,
    to: values.to,
    remote: values.remote ?? false,
    persistTo: values['persist-to'],
    graceMs: grace * 1000,
  });
  const rows = Object.entries(report.rows)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
  console.log(
    `moved ${email} from ${report.from} to ${report.to} (${rows}); its writes paused ${report.pauseMs} ms${report.newBlock === null ? '' : `; ${report.to} now gives ids from block ${report.newBlock}`}`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
