import { siteService } from '@agora/site';
import { createUser, setCaptchas } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';

const LOGIN = '/answer/api/v1/user/login/email';

/** A sign-in from a given client address (the stack's gateway trusts X-Forwarded-For). */
function loginFrom(stack: Stack, address: string, email: string, pass: string, captcha: object = {}) {
  return stack.call('POST', LOGIN, {
    headers: { 'x-forwarded-for': address },
    body: { e_mail: email, pass, ...captcha },
  });
}

/** The captcha the client shows after a `captcha_code` refusal, answered from its stored answer. */
async function solvedCaptchaFor(stack: Stack, address: string) {
  const record = await stack.call('GET', '/answer/api/v1/user/action/record?action=login', {
    headers: { 'x-forwarded-for': address },
  });
  expect(record.body.data.verify).toBe(true);
  const [row] = await stack.query<{ answer: string }>('select answer from identity.captchas where captcha_id = $1', [
    record.body.data.captcha_id,
  ]);
  return { captcha_id: record.body.data.captcha_id as string, captcha_code: row!.answer };
}

const captchaRefusal = [{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty.' }];

describe('login limits with the default numbers (site captchas off)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ services: [siteService, identityService], env: { AGORA_TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("ten wrong passwords from a stranger make the owner solve a captcha, never refuse the owner's password", async () => {
    const owner = await createUser(stack);
    for (let i = 0; i < 10; i++) {
      const wrong = await loginFrom(stack, '203.0.113.66', owner.email, 'wrong-password');
      expect(wrong.status).toBe(400);
      expect(wrong.body.data[0].error_field).toBe('e_mail');
    }
    // The owner, elsewhere: asked for a captcha (the site has captchas off; this one is a safeguard).
    const asked = await loginFrom(stack, '198.51.100.20', owner.email, owner.password);
    expect(asked.status).toBe(400);
    expect(asked.body.data).toEqual(captchaRefusal);
    const solved = await loginFrom(
      stack,
      '198.51.100.20',
      owner.email,
      owner.password,
      await solvedCaptchaFor(stack, '198.51.100.20'),
    );
    expect(solved.status).toBe(200);
    expect(solved.body.data.access_token).toBeTruthy();
    // The captcha was for that sign-in only; the stranger's next guess needs one too, and counts.
    const guess = await loginFrom(stack, '203.0.113.66', owner.email, 'wrong-password');
    expect(guess.body.data).toEqual(captchaRefusal);
    // Another account is untouched by the guesses.
    const bystander = await createUser(stack);
    expect((await loginFrom(stack, '198.51.100.20', bystander.email, bystander.password)).status).toBe(200);
  });

  it('lets the same account sign in many times in a row: a successful login does not count against it', async () => {
    const member = await createUser(stack);
    for (let i = 0; i < 12; i++) {
      const signedIn = await loginFrom(stack, '192.0.2.12', member.email, member.password);
      expect(signedIn.status, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it('still answers 429 to an address past its 30 sign-ins in 10 minutes, right password or not', async () => {
    const member = await createUser(stack);
    for (let i = 0; i < 30; i++) {
      const attempt = await loginFrom(stack, '192.0.2.30', `nobody${i}@example.com`, 'wrong-password');
      expect(attempt.status, `attempt ${i + 1}`).toBe(400);
    }
    expect((await loginFrom(stack, '192.0.2.30', member.email, member.password)).status).toBe(429);
    expect((await loginFrom(stack, '192.0.2.31', member.email, member.password)).status).toBe(200);
  });
});

describe('login limits with configured numbers', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      services: [siteService, identityService],
      env: {
        AGORA_TRUST_PROXY: 'true',
        AGORA_RATE_LIMITS: 'login_ip=6/600,login_account_failures=2/600',
        AGORA_CAPTCHA_LIMITS: 'password=1',
      },
    });
    await setCaptchas(stack, true);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('asks for captchas and refuses an address at the configured numbers', async () => {
    const owner = await createUser(stack);
    for (const address of ['203.0.113.1', '203.0.113.2']) {
      expect((await loginFrom(stack, address, owner.email, 'wrong-password')).body.data[0].error_field).toBe('e_mail');
      // The site's own captcha rule, at its configured number: due after one wrong password from an address.
      const record = await stack.call('GET', '/answer/api/v1/user/action/record?action=login', {
        headers: { 'x-forwarded-for': address },
      });
      expect(record.body.data.verify).toBe(true);
    }
    expect((await loginFrom(stack, '203.0.113.3', owner.email, owner.password)).body.data).toEqual(captchaRefusal);
    const captcha = await solvedCaptchaFor(stack, '203.0.113.3');
    expect((await loginFrom(stack, '203.0.113.3', owner.email, owner.password, captcha)).status).toBe(200);

    const member = await createUser(stack);
    for (let i = 0; i < 6; i++) {
      expect((await loginFrom(stack, '192.0.2.6', member.email, member.password)).status, `sign-in ${i + 1}`).toBe(200);
    }
    expect((await loginFrom(stack, '192.0.2.6', member.email, member.password)).status).toBe(429);
  });
});
