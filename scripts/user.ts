/**
 * Account administration: accounts are made here, not through the API (original-service.md
 * "Account": no create through the API).
 *
 *   npm run user -- create EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME] [--remote]
 *
 * Writes to the local D1 (the one `npm run dev` serves) unless --remote is given. Applies
 * migrations first. The new API token is printed alone on the last line of output.
 */
import { parseArgs } from 'node:util';
import { createAccountWithWrangler, DuplicateAccountError } from './lib/accounts';
import { target, wrangler } from './lib/wrangler';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function usage(message: string): never {
  console.error(`${message}\nusage: npm run user -- create EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME] [--remote]`);
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
    },
  });
  const [command, email] = positionals;
  if (command !== 'create') usage(`unknown command: ${command ?? '(none)'}`);
  if (!email || !EMAIL.test(email)) usage('an e-mail address is required');
  if (!values.password) usage('--password is required');
  const where = target(process.argv);

  console.log(`applying D1 migrations (${where.slice(2)})…`);
  wrangler(['d1', 'migrations', 'apply', 'DB', where], { quiet: true });

  let token: string;
  try {
    token = await createAccountWithWrangler(
      { email, password: values.password, firstName: values['first-name'], lastName: values['last-name'] },
      where,
    );
  } catch (err) {
    if (err instanceof DuplicateAccountError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  console.log(`created account ${email} (${where.slice(2)} D1). API token (send it as the HTTP Basic user name):`);
  console.log(token);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
