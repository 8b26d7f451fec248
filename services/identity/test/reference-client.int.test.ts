import { notificationsService } from '@agora/notifications';
import { siteService } from '@agora/site';
import { createUser, login, waitForMail } from '@agora/test-support/accounts';
import { startSmtpServer, type TestSmtpServer } from '@agora/test-support/smtp-test-server';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';

/** Identity's routes read and answered as the reference's web client sends and reads them (the OpenAPI reference). */

let smtp: TestSmtpServer;
let stack: Stack;
const API = '/answer/api/v1';

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({
    services: [siteService, identityService, notificationsService],
    env: { AGORA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
  });
});

afterAll(async () => {
  await stack?.close();
  await smtp?.close();
});

describe('identity as the reference client calls it', () => {
  it('activates an account with the code in the JSON body, as the mail link page sends it', async () => {
    const user = await createUser(stack, { activated: false });
    const token = await login(stack, user);
    const resent = await stack.call('POST', `${API}/user/email/verification/send`, { token });
    // Captchas are off by default: the resend goes out.
    expect(resent.status).toBe(200);
    const { code } = await waitForMail(smtp, user.email, '/users/account-activation');

    const empty = await stack.call('POST', `${API}/user/email/verification`, { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toEqual([{ error_field: 'code', error_msg: expect.any(String) }]);

    const activated = await stack.call('POST', `${API}/user/email/verification`, { body: { code } });
    expect(activated.status).toBe(200);
    expect(activated.body.data).toMatchObject({ mail_status: 1, access_token: expect.any(String) });
    const again = await stack.call('POST', `${API}/user/email/verification`, { body: { code } });
    expect(again.status).toBe(403);
    expect(again.body.data).toEqual({ type: 'url_expired' });
  });

  it('saves a profile whose avatar type is "default" (a member who never chose one) as the site default', async () => {
    const user = await createUser(stack);
    const token = await login(stack, user);
    const saved = await stack.call('PUT', `${API}/user/info`, {
      token,
      body: {
        display_name: 'Grace Hopper',
        username: user.username,
        avatar: { type: 'default', gravatar: '', custom: '' },
        bio: 'Compilers',
      },
    });
    expect(saved.status).toBe(200);
    const info = await stack.call('GET', `${API}/user/info`, { token });
    expect(info.body.data.avatar).toEqual({ type: '', gravatar: '', custom: '' });
    expect(info.body.data.display_name).toBe('Grace Hopper');

    const unknown = await stack.call('PUT', `${API}/user/info`, {
      token,
      body: { display_name: 'Grace Hopper', username: user.username, avatar: { type: 'hologram' } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data[0].error_field).toBe('avatar.type');
  });

  it('answers personal/user/info with the user object itself in data, not data.info', async () => {
    const user = await createUser(stack);
    const profile = await stack.call('GET', `${API}/personal/user/info?username=${user.username}`);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({
      username: user.username,
      display_name: expect.any(String),
      avatar: expect.any(String),
      rank: expect.any(Number),
      question_count: expect.any(Number),
      answer_count: expect.any(Number),
      status: 'normal',
    });
    expect(profile.body.data).not.toHaveProperty('info');
    expect(profile.body.data).not.toHaveProperty('e_mail');
  });
});
