import { Hono } from 'hono';
import { accountChanges, getAccount, updateAccount } from '../annotations/personal/account';
import { userDoc } from '../annotations/documents';
import { unwrap } from '../annotations/personal/input';
import { forgetUser } from '../auth/token-cache';
import type { AppEnv } from '../env';
import { readBody } from '../http/body';
import { enforceRateLimit } from '../http/rate-limits';
import { notFound } from '../http/errors';
import { directoryDatabase } from '../db/session';
import { respond } from './respond';
import { db } from './personal';

/** The caller's account (docs/annotations.md): GET and PUT /user.xml only. */
export const user = new Hono<AppEnv>();

user.get('/', async (c) => {
  const account = await getAccount(db(c), c.get('user').id);
  if (!account) throw notFound('No such account');
  return respond(c, 'users', { user: [userDoc(account)] });
});

/**
 * PUT /user.xml: updates only the fields sent (first_name, last_name, email, password). A new
 * password rotates the API token (docs/contract.md "Authentication" 6); the new token is in `api_token` of
 * this one response and the old one stops working at once.
 */
user.put('/', async (c) => {
  const body = unwrap(await readBody(c), 'user', 'users');
  // A taken address answers 422 (it must: the reader needs to know why the change failed), which
  // tells an account holder that the address has an account; e-mail changes have their own,
  // small limit so that such probing stays slow (docs/annotations.md "Changing the e-mail address").
  if (body.email !== undefined) await enforceRateLimit(c, 'email');
  const userId = c.get('user').id;
  const directory = directoryDatabase(c);
  const updated = await updateAccount(
    db(c),
    directory,
    userId,
    await accountChanges(directory, userId, body),
  );
  if (!updated) throw notFound('No such account');
  if (updated.token !== undefined) forgetUser(userId);
  return respond(c, 'users', { user: [userDoc(updated.account, updated.token)] });
});
