import { Hono } from 'hono';
import { emailTaken, getAccount, updateAccount, type AccountChanges } from '../annotations/account';
import { userDoc } from '../annotations/documents';
import { LIMITS, textField, unwrap, type Problems } from '../annotations/input';
import { forgetUser } from '../auth/token-cache';
import type { AppEnv } from '../env';
import { readBody } from '../http/body';
import { notFound, unprocessable } from '../http/errors';
import { respond } from '../render/respond';
import { db, v1Only } from './personal';

/** The caller's account (original-service.md "Account"): GET and PUT /user.xml only. */
export const user = new Hono<AppEnv>();
user.use('/', v1Only());

user.get('/', async (c) => {
  const account = await getAccount(db(c), c.var.user.id);
  if (!account) throw notFound('No such account');
  return respond(c, 'users', { user: [userDoc(account)] });
});

/** Deliberately loose: one @, something on both sides, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * PUT /user.xml: updates only the fields sent (first_name, last_name, email, password). A new
 * password rotates the API token (spec "Authentication" 6); the new token is in `api_token` of
 * this one response and the old one stops working at once.
 */
user.put('/', async (c) => {
  const body = unwrap(await readBody(c), 'user', 'users');
  const database = db(c);
  const userId = c.var.user.id;
  const problems: Problems = [];
  const changes: AccountChanges = {
    firstName: textField(body, 'first_name', problems, { max: LIMITS.name }),
    lastName: textField(body, 'last_name', problems, { max: LIMITS.name }),
  };
  const email = textField(body, 'email', problems, { max: LIMITS.email, required: body.email !== undefined });
  if (email !== undefined) {
    if (!EMAIL.test(email)) problems.push('email is not an e-mail address');
    else if (await emailTaken(database, userId, email)) problems.push('email is already used by another account');
    else changes.email = email;
  }
  const password = textField(body, 'password', problems, { max: LIMITS.passwordMax, required: body.password !== undefined });
  if (password !== undefined) {
    if (password.length < LIMITS.passwordMin) problems.push(`password must have at least ${LIMITS.passwordMin} characters`);
    else changes.password = password;
  }
  if (problems.length) throw unprocessable(problems);
  let updated;
  try {
    updated = await updateAccount(database, userId, changes);
  } catch (err) {
    // Two accounts racing for one e-mail: the unique index decides.
    if (/UNIQUE/.test(`${(err as Error)?.message} ${((err as Error)?.cause as Error | undefined)?.message}`)) throw unprocessable(['email is already used by another account']);
    throw err;
  }
  if (!updated) throw notFound('No such account');
  if (updated.token !== undefined) forgetUser(userId);
  return respond(c, 'users', { user: [userDoc(updated.account, updated.token)] });
});
