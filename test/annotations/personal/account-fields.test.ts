import { describe, expect, it } from 'vitest';
import { accountFields } from '../../../src/annotations/personal/account-fields';

// `npm run user -- create` (scripts/user.ts) and PUT /user share these rules.
describe('account fields (npm run user -- create applies the API rules)', () => {
  it('requires a valid e-mail and a password of at least 8 characters on create', async () => {
    const problems: string[] = [];
    await accountFields({}, problems, { create: true });
    expect(problems).toEqual(['email is required', 'password is required']);
    const bad: string[] = [];
    await accountFields({ email: 'not-an-email', password: 'short' }, bad, { create: true });
    expect(bad).toEqual([
      'email is not an e-mail address',
      'password must have at least 8 characters',
    ]);
  });

  it('accepts good fields and returns them, names included', async () => {
    const problems: string[] = [];
    const fields = await accountFields(
      { email: 'a@b.example', password: 'long enough', first_name: 'Ada' },
      problems,
      { create: true },
    );
    expect(problems).toEqual([]);
    expect(fields).toMatchObject({
      email: 'a@b.example',
      password: 'long enough',
      firstName: 'Ada',
    });
  });

  it('requires nothing on update, but checks what is sent', async () => {
    const problems: string[] = [];
    await accountFields({ first_name: 'x'.repeat(101) }, problems);
    expect(problems).toEqual(['first_name is longer than 100 characters']);
  });
});
