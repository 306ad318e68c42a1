/**
 * Account administration: accounts are made here, not through the API (original-service.md
 * "Account": no create through the API).
 *
 *   npm run user -- create EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME] [--remote]
 *   npm run user -- role EMAIL moderator|reader [--remote]
 *
 * The fields follow the API's own rules (src/annotations/account.ts `accountFields`: a valid
 * e-mail, a password of at least 8 characters, …). Writes to the local D1 (the one `npm run dev`
 * serves) unless --remote is given. Applies migrations first. The new API token is printed alone
 * on the last line of output. `role` gives an account the moderator role or takes it back
 * (docs/public-notes.md "Roles"): roles are given by the operator, never through the API.
 */
import { parseArgs } from 'node:util';
import type { BodyObject } from '../src/http/body';

const USAGE = [
  'usage: npm run user -- create EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME] [--remote]',
  '       npm run user -- role EMAIL moderator|reader [--remote]',
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
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      `${USAGE}\n  create: an account in the local D1 (or --remote); prints its API token on the last line\n  role: gives the account the moderator role, or takes it back (reader)`,
    );
    return;
  }
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
  const [{ createAccountWithWrangler, DuplicateAccountError }, { target, wrangler }] =
    await Promise.all([import('./lib/accounts'), import('./lib/wrangler')]);
  const where = target(process.argv);

  console.log(`applying D1 migrations (${where.slice(2)})…`);
  wrangler(['d1', 'migrations', 'apply', 'DB', where], { quiet: true });

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
