/**
 * Account administration: accounts are made here, not through the API (docs/contract.md
 * "Account": no create through the API).
 *
 *   npm run user -- create EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME] [--remote]
 *   npm run user -- role EMAIL moderator|reader [--remote]
 *   npm run user -- key create EMAIL --origin URL [--origin URL…] [--remote]
 *   npm run user -- key list EMAIL [--remote]
 *   npm run user -- key revoke EMAIL KEY_ID [--remote]
 *
 * The fields follow the API's own rules (src/annotations/account.ts `accountFields`: a valid
 * e-mail, a password of at least 8 characters, …). Writes to the local D1 (the one `npm run dev`
 * serves) unless --remote is given (or to the local state under --persist-to DIR). `create` applies
 * migrations first; the new API token is printed alone on the last line of output.
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
      'persist-to': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      `${USAGE}\n  create: an account in the local D1 (or --remote), its API token on the last line\n  key create: a publishable read key for the origins given, the key on the last line (docs/tagger.md)\n  role: gives the account the moderator role, or takes it back (reader)`,
    );
    return;
  }
  if (positionals[0] === 'key') return keyCommand(positionals.slice(1), values);
  // Imported once needed: --help and a refused account answer without loading Drizzle
  // (test/node/scripts.test.ts runs both).
  const { accountFields } = await import('../src/annotations/account-fields');
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
  const [{ createAccountWithWrangler, DuplicateAccountError }, { persistArgs, target, wrangler }] =
    await Promise.all([import('./lib/accounts'), import('./lib/wrangler')]);
  const where = target(process.argv);
  const persistTo = values['persist-to'];

  console.log(`applying D1 migrations (${where.slice(2)})…`);
  wrangler(['d1', 'migrations', 'apply', 'DB', where, ...persistArgs(persistTo)], { quiet: true });

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
  const [{ setRoleWithWrangler, NoSuchAccountError }, { target, wrangler }] = await Promise.all([
    import('./lib/accounts'),
    import('./lib/wrangler'),
  ]);
  const where = target(process.argv);
  console.log(`applying D1 migrations (${where.slice(2)})…`);
  wrangler(['d1', 'migrations', 'apply', 'DB', where], { quiet: true });
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

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
