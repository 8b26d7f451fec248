import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { siteService } from '@agora/site';
import { createUser, login, setCaptchas, solveCaptcha } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

// The captcha rules of the posts actions (`CAPTCHA_RULES`), with the site's captchas switched on.
const API = '/answer/api/v1';
let stack: Stack;
let member: string;
let moderator: string;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  const user = await createUser(stack, { name: 'Quick Asker', roleId: Role.moderator });
  const plain = await createUser(stack, { name: 'Plain Member' });
  await stack.settle();
  moderator = await login(stack, user);
  member = await login(stack, plain);
  // A question in an existing tag, so the member needs no privilege to use it.
  expect((await ask(moderator, 'Seeding the captcha tag, by a moderator')).status).toBe(200);
  await setCaptchas(stack, true);
});

afterAll(async () => {
  await stack?.close();
});

function ask(token: string, title: string, captcha: object = {}) {
  return stack.call('POST', `${API}/question`, {
    token,
    body: { title, content: 'Is a captcha due for this one?', tags: [{ slug_name: 'captcha' }], ...captcha },
  });
}

describe('captchas on posts actions', () => {
  it('asks for a captcha when a member asks again within 5 seconds, and takes a solved one', async () => {
    const record = async () =>
      (await stack.call('GET', `${API}/user/action/record?action=question`, { token: member })).body.data;
    expect((await record()).verify).toBe(false);
    expect((await ask(member, 'A first question from the member')).status).toBe(200);
    expect((await record()).verify).toBe(true);

    const refused = await ask(member, 'A second question straight after');
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty.' }]);
    const wrong = await ask(member, 'A second question straight after', { captcha_id: 'nope', captcha_code: 'abcd' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data[0].error_field).toBe('captcha_code');

    const solved = await solveCaptcha(stack, 'question', member);
    expect(solved.captcha_code).toBeTruthy();
    expect((await ask(member, 'A second question straight after', solved)).status).toBe(200);
  });

  it('never asks moderators', async () => {
    expect((await ask(moderator, 'A moderator asks once')).status).toBe(200);
    expect((await ask(moderator, 'A moderator asks twice')).status).toBe(200);
    const record = await stack.call('GET', `${API}/user/action/record?action=question`, { token: moderator });
    expect(record.body.data.verify).toBe(false);
  });

  it('asks nobody once the site switches captchas off', async () => {
    await setCaptchas(stack, false);
    expect((await ask(member, 'Captchas are off now, one')).status).toBe(200);
    expect((await ask(member, 'Captchas are off now, two')).status).toBe(200);
  });
});
