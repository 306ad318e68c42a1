import type { BodyObject } from '../../http/body';
import { charLength, LIMITS, textField, type Problems } from './input';

/**
 * The account fields a body may hold, checked by the API's rules; apart from ./account.ts (the
 * account's rows in D1) so that `npm run user -- create` checks what it is given without loading
 * Drizzle (scripts/user.ts).
 */

export interface AccountChanges {
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Shown beside the account's public notes (docs/public-notes.md "Display names"). */
  displayName?: string;
  password?: string;
}

/** The problem of an e-mail address another account has (also when the database refuses it: ./account.ts). */
export const EMAIL_TAKEN = 'email is already used by another account';

/** Deliberately loose: one @, something on both sides, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The account fields of a body (first_name, last_name, display_name, email, password) checked by the rules of
 * docs/annotations.md "Limits", appending every problem. `create` makes e-mail and password
 * required: `npm run user -- create` applies these same rules (scripts/user.ts).
 */
export async function accountFields(
  body: BodyObject,
  problems: Problems,
  options: { create?: boolean; emailTaken?: (email: string) => Promise<boolean> } = {},
): Promise<AccountChanges> {
  const changes: AccountChanges = {
    firstName: textField(body, 'first_name', problems, { max: LIMITS.name, name: true }),
    lastName: textField(body, 'last_name', problems, { max: LIMITS.name, name: true }),
    displayName: textField(body, 'display_name', problems, { max: LIMITS.name, name: true }),
  };
  const email = textField(body, 'email', problems, {
    max: LIMITS.email,
    required: options.create || body.email !== undefined,
  });
  if (email !== undefined) {
    if (!EMAIL.test(email)) problems.push('email is not an e-mail address');
    else if (await options.emailTaken?.(email)) problems.push(EMAIL_TAKEN);
    else changes.email = email;
  }
  const password = textField(body, 'password', problems, {
    max: LIMITS.passwordMax,
    required: options.create || body.password !== undefined,
  });
  if (password !== undefined) {
    if (charLength(password) < LIMITS.passwordMin)
      problems.push(`password must have at least ${LIMITS.passwordMin} characters`);
    else changes.password = password;
  }
  return changes;
}
