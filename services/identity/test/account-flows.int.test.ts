import { setTimeout as sleep } from 'node:timers/promises';
import { defaultSiteSettings } from '@agora/contracts';
import { notificationsService } from '@agora/notifications';
import { ProjectedActorSource } from '@agora/platform';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createUser, login, setCaptchas, solveCaptcha, tokenClaims, waitForMail } from '@agora/test-support/accounts';
import { startSmtpServer, type TestSmtpServer } from '@agora/test-support/smtp-test-server';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';

let smtp: TestSmtpServer;
let stack: Stack;
const API = '/answer/api/v1';

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({
    services: [siteService, identityService, notificationsService],
    env: { AGORA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
  });
  // These flows are the ones a captcha guards; the site switches them on.
  await setCaptchas(stack, true);
});

afterAll(async () => {
  await stack?.close();
  await smtp?.close();
});

/** Changes a settings group in the site service and waits until the other services' copies have it. */
async function setSettings(group: 'login' | 'security', values: object) {
  await updateSettingsGroup(
    stack.service('site').context,
    { group, values: { ...defaultSiteSettings('http://agora.test')[group], ...values } } as never,
    null,
  );
  await stack.settle();
}

describe('account flows through the gateway', () => {
  it('registers, mails an activation link, activates, logs in, edits the profile, and a password change ends every session', async () => {
    const email = 'ada@example.com';
    const withoutCaptcha = await stack.call('POST', `${API}/user/register/email`, {
      body: { e_mail: email, name: 'Ada Lovelace', pass: 'analytical-1' },
    });
    expect(withoutCaptcha.status).toBe(400);
    expect(withoutCaptcha.body.data).toEqual([{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty.' }]);

    const registered = await stack.call('POST', `${API}/user/register/email`, {
      body: { e_mail: email, name: 'Ada Lovelace', pass: 'analytical-1', ...(await solveCaptcha(stack)) },
    });
    expect(registered.status).toBe(200);
    expect(registered.body.data).toMatchObject({
      e_mail: email,
      display_name: 'Ada Lovelace',
      username: 'ada-lovelace',
      mail_status: 2,
      role_id: 1,
      status: 'normal',
    });
    const inactiveToken = registered.body.data.access_token;

    // Not yet activated: member actions answer 403 with the type the client turns into the inactive screen.
    const refused = await stack.call('PUT', `${API}/user/interface`, {
      token: inactiveToken,
      body: { language: 'zh_CN' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ type: 'inactive' });

    const { code, mail } = await waitForMail(smtp, email, '/users/account-activation');
    expect(mail.subject).toContain('Agora');
    const activated = await stack.call('POST', `${API}/user/email/verification?code=${encodeURIComponent(code)}`);
    expect(activated.status).toBe(200);
    expect(activated.body.data.mail_status).toBe(1);
    const again = await stack.call('POST', `${API}/user/email/verification?code=${encodeURIComponent(code)}`);
    expect(again.status).toBe(403);
    expect(again.body.data).toEqual({ type: 'url_expired' });

    const wrong = await stack.call('POST', `${API}/user/login/email`, {
      body: { e_mail: email, pass: 'not-the-password' },
    });
    expect(wrong.body.data).toEqual([{ error_field: 'e_mail', error_msg: 'Email or password is incorrect.' }]);
    const token = await login(stack, { email, password: 'analytical-1' });

    const updated = await stack.call('PUT', `${API}/user/info`, {
      token,
      body: {
        display_name: 'Countess Ada',
        username: 'ada',
        bio: 'First **programmer** <script>alert(1)</script>',
        location: 'London',
        website: 'https://example.com',
      },
    });
    expect(updated.status).toBe(200);
    const info = await stack.call('GET', `${API}/user/info`, { token });
    expect(info.body.data).toMatchObject({
      display_name: 'Countess Ada',
      username: 'ada',
      bio: 'First **programmer** <script>alert(1)</script>',
      // The bio is markdown, through the same renderer and sanitiser as posts.
      bio_html: '<p>First <strong>programmer</strong> </p>\n',
      location: 'London',
      have_password: true,
      access_token: token,
    });

    const changed = await stack.call('PUT', `${API}/user/password`, {
      token,
      body: { old_pass: 'analytical-1', pass: 'difference-engine-2' },
    });
    expect(changed.status).toBe(200);
    // The old token is refused by identity at once...
    expect((await stack.call('GET', `${API}/user/info`, { token })).body.data).toBeNull();
    expect((await stack.call('PUT', `${API}/user/interface`, { token, body: { language: 'en_US' } })).status).toBe(401);
    // ...and by another service from its own copy of identity's events within a second.
    const claims = tokenClaims(token);
    const siteActors = new ProjectedActorSource(
      stack.service('site').context.database.db,
      stack.service('site').context.changes,
    );
    const started = Date.now();
    while (!(await siteActors.lookup(claims.sub, claims.sid, claims.t)).revoked) {
      expect(Date.now() - started).toBeLessThan(1000);
      await sleep(10);
    }
    await expect(login(stack, { email, password: 'analytical-1' })).rejects.toThrow();
    expect(await login(stack, { email, password: 'difference-engine-2' })).toBeTruthy();
  });

  it('resets a forgotten password by mail; only the latest link works, and an unknown address is answered the same', async () => {
    const user = await createUser(stack);
    const oldToken = await login(stack, user);
    const unknown = await stack.call('POST', `${API}/user/password/reset`, {
      body: { e_mail: 'nobody-here@example.com', ...(await solveCaptcha(stack)) },
    });
    const known = await stack.call('POST', `${API}/user/password/reset`, {
      body: { e_mail: user.email, ...(await solveCaptcha(stack)) },
    });
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    expect(known).toMatchObject({
      status: 200,
      body: { code: 200, reason: 'base.success', msg: 'Success.', data: null },
    });
    const first = await waitForMail(smtp, user.email, '/users/password-reset');

    await stack.call('POST', `${API}/user/password/reset`, {
      body: { e_mail: user.email, ...(await solveCaptcha(stack)) },
    });
    await stack.settle();
    const deadline = Date.now() + 10_000;
    let latest = first;
    while (latest.code === first.code && Date.now() < deadline) {
      const mails = smtp.received.filter(
        (m) => m.recipients.includes(user.email) && (m.mail.text ?? '').includes('password-reset'),
      );
      const text = mails.at(-1)?.mail.text ?? '';
      latest = { ...first, code: decodeURIComponent(/password-reset\?code=([^\s&"<]+)/.exec(text)?.[1] ?? first.code) };
      await sleep(50);
    }
    expect(latest.code).not.toBe(first.code);
    const stale = await stack.call('POST', `${API}/user/password/replacement`, {
      body: { code: first.code, pass: 'brand-new-pass' },
    });
    expect(stale.status).toBe(403);
    expect(stale.body.data).toEqual({ type: 'url_expired' });
    const replaced = await stack.call('POST', `${API}/user/password/replacement`, {
      body: { code: latest.code, pass: 'brand-new-pass' },
    });
    expect(replaced.status).toBe(200);
    expect(await login(stack, { email: user.email, password: 'brand-new-pass' })).toBeTruthy();
    expect((await stack.call('GET', `${API}/user/info`, { token: oldToken })).body.data).toBeNull();
  });

  it('changes the e-mail address through a link sent to the new address', async () => {
    const user = await createUser(stack);
    const other = await createUser(stack);
    const token = await login(stack, user);
    const taken = await stack.call('POST', `${API}/user/email/change/code`, {
      token,
      body: { e_mail: other.email, pass: user.password },
    });
    expect(taken.body.data).toEqual([{ error_field: 'e_mail', error_msg: 'This email is already in use.' }]);
    const badPass = await stack.call('POST', `${API}/user/email/change/code`, {
      token,
      body: { e_mail: 'fresh@example.com', pass: 'wrong-password' },
    });
    expect(badPass.body.data).toEqual([{ error_field: 'pass', error_msg: 'The current password is incorrect.' }]);
    const sent = await stack.call('POST', `${API}/user/email/change/code`, {
      token,
      body: { e_mail: 'fresh@example.com', pass: user.password },
    });
    expect(sent.status).toBe(200);
    const { code } = await waitForMail(smtp, 'fresh@example.com', '/users/confirm-new-email');
    const confirmed = await stack.call('PUT', `${API}/user/email`, { body: { code } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.e_mail).toBe('fresh@example.com');
    expect(await login(stack, { email: 'fresh@example.com', password: user.password })).toBeTruthy();
    await expect(login(stack, user)).rejects.toThrow();
  });

  it('resends the activation mail from the inactive screen', async () => {
    const user = await createUser(stack, { activated: false });
    const token = await login(stack, user);
    const resend = await stack.call('POST', `${API}/user/email/verification/send`, { token });
    expect(resend.status).toBe(400);
    expect(resend.body.data).toEqual([{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty.' }]);
    const captcha = await solveCaptcha(stack);
    const ok = await stack.call(
      'POST',
      `${API}/user/email/verification/send?captcha_id=${captcha.captcha_id}&captcha_code=${captcha.captcha_code}`,
      { token },
    );
    expect(ok.status).toBe(200);
    const { code } = await waitForMail(smtp, user.email, '/users/account-activation');
    expect(
      (await stack.call('POST', `${API}/user/email/verification?code=${encodeURIComponent(code)}`)).body.data
        .mail_status,
    ).toBe(1);
  });
});

describe('account rules and bad input', () => {
  it('checks every registration field and names each failing one', async () => {
    const response = await stack.call('POST', `${API}/user/register/email`, {
      body: { e_mail: 'not-an-email', name: 'A', pass: 'short' },
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([
      { error_field: 'e_mail', error_msg: 'Email is invalid.' },
      { error_field: 'name', error_msg: 'Name must be at least 2 characters.' },
      { error_field: 'pass', error_msg: 'Password must be at least 8 characters.' },
    ]);
    const tooLong = await stack.call('POST', `${API}/user/register/email`, {
      body: { e_mail: 'a@example.com', name: 'N'.repeat(31), pass: 'p'.repeat(33) },
    });
    expect(tooLong.body.data).toEqual([
      { error_field: 'name', error_msg: 'Name must be at most 30 characters.' },
      { error_field: 'pass', error_msg: 'Password must be at most 32 characters.' },
    ]);
    const empty = await stack.call('POST', `${API}/user/register/email`, { body: {} });
    expect(empty.body.data.map((e: { error_field: string }) => e.error_field)).toEqual(['e_mail', 'name', 'pass']);
    expect(empty.body.data[2].error_msg).toBe('Password cannot be empty.');
  });

  it('refuses a duplicate e-mail, a closed registration and a domain outside the allowed list', async () => {
    const user = await createUser(stack);
    const duplicate = await stack.call('POST', `${API}/user/register/email`, {
      body: {
        e_mail: user.email.toUpperCase(),
        name: 'Someone Else',
        pass: 'password-1',
        ...(await solveCaptcha(stack)),
      },
    });
    expect(duplicate.body.data).toEqual([{ error_field: 'e_mail', error_msg: 'This email is already in use.' }]);

    await setSettings('login', { allow_email_domains: ['agora.test'] });
    const domain = await stack.call('POST', `${API}/user/register/email`, {
      body: { e_mail: 'x@elsewhere.com', name: 'Someone', pass: 'password-1', ...(await solveCaptcha(stack)) },
    });
    expect(domain.body.data).toEqual([
      { error_field: 'e_mail', error_msg: 'Registration with this email domain is not allowed.' },
    ]);

    await setSettings('login', { allow_new_registrations: false });
    const closed = await stack.call('POST', `${API}/user/register/email`, {
      body: { e_mail: 'y@agora.test', name: 'Someone', pass: 'password-1', ...(await solveCaptcha(stack)) },
    });
    expect(closed.status).toBe(403);
    expect(closed.body.msg).toBe('New registrations are closed.');
    await setSettings('login', {});
  });

  it('asks for a captcha after three failed logins from one address, and never locks the account', async () => {
    const user = await createUser(stack);
    const ip = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 3; i++) {
      await stack.call('POST', `${API}/user/login/email`, {
        headers: ip,
        body: { e_mail: user.email, pass: 'wrong-pass' },
      });
    }
    const record = await stack.call('GET', `${API}/user/action/record?action=login`, { headers: ip });
    expect(record.body.data.verify).toBe(true);
    expect(record.body.data.captcha_img).toMatch(/^data:image\/svg\+xml;base64,/);
    const blocked = await stack.call('POST', `${API}/user/login/email`, {
      headers: ip,
      body: { e_mail: user.email, pass: user.password },
    });
    expect(blocked.body.data).toEqual([{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty.' }]);
    const [row] = await stack.query<{ answer: string }>('select answer from identity.captchas where captcha_id = $1', [
      record.body.data.captcha_id,
    ]);
    const passed = await stack.call('POST', `${API}/user/login/email`, {
      headers: ip,
      body: {
        e_mail: user.email,
        pass: user.password,
        captcha_id: record.body.data.captcha_id,
        captcha_code: row!.answer,
      },
    });
    expect(passed.status).toBe(200);

    const target = await createUser(stack);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await stack.call('POST', `${API}/user/login/email`, {
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        body: { e_mail: target.email, pass: 'wrong-pass' },
      });
      statuses.push(response.status);
    }
    // Wrong passwords are answered 400 (then with a captcha demand), never 429: the owner is not locked out
    // (login-limits.int.test.ts).
    expect(statuses.every((s) => s === 400)).toBe(true);
  });

  it('keeps a private site closed to anonymous callers except the exempt routes', async () => {
    const user = await createUser(stack);
    await setSettings('security', { login_required: true, captcha_enabled: true });
    // The gateway caches the setting for up to a second.
    await sleep(1100);
    const anonymous = await stack.call('GET', `${API}/personal/user/info?username=${user.username}`);
    expect(anonymous.status).toBe(401);
    expect((await stack.call('GET', `${API}/user/info/search?username=a`)).status).toBe(401);
    expect((await stack.call('GET', `${API}/siteinfo`)).status).toBe(200);
    expect((await stack.call('GET', `${API}/siteinfo/legal?info_type=tos`)).status).toBe(200);
    expect((await stack.call('GET', `${API}/user/action/record?action=login`)).status).toBe(200);
    expect((await stack.call('GET', `${API}/user/info`)).status).toBe(200);
    const token = await login(stack, user);
    expect((await stack.call('GET', `${API}/personal/user/info?username=${user.username}`, { token })).status).toBe(
      200,
    );
    expect(
      (await stack.call('GET', `${API}/personal/user/info?username=${user.username}`, { token: 'forged.token.value' }))
        .status,
    ).toBe(401);
    await setSettings('security', { login_required: false, captcha_enabled: true });
    await sleep(1100);
    expect((await stack.call('GET', `${API}/personal/user/info?username=${user.username}`)).status).toBe(200);
  });

  it('suggests at most five mention candidates and shows public profiles', async () => {
    const viewer = await createUser(stack);
    for (let i = 0; i < 7; i++) await createUser(stack, { name: `Mentionable ${i}` });
    const token = await login(stack, viewer);
    const search = await stack.call('GET', `${API}/user/info/search?username=mentionable`, { token });
    expect(search.body.data).toHaveLength(5);
    expect(search.body.data[0]).toEqual(
      expect.objectContaining({
        username: expect.stringMatching(/^mentionable-\d$/),
        display_name: expect.stringMatching(/^Mentionable/),
      }),
    );
    const profile = await stack.call('GET', `${API}/personal/user/info?username=${search.body.data[0].username}`);
    expect(profile.body.data).toMatchObject({ username: search.body.data[0].username, rank: 1, status: 'normal' });
    expect(profile.body.data).not.toHaveProperty('e_mail');
    expect((await stack.call('GET', `${API}/personal/user/info?username=no-such-user`)).status).toBe(404);
  });
});
