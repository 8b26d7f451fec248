import { isDeepStrictEqual } from 'node:util';
import { Role, type SettingsGroup, SMTP_PASSWORD_MASK } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { notificationsService } from '@agora/notifications';
import { createUser, login } from '@agora/test-support/accounts';
import { eventually } from '@agora/test-support/eventually';
import { startSmtpServer, type TestSmtpServer } from '@agora/test-support/smtp-test-server';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteService } from '../src/service';

/**
 * Every admin settings page through the gateway: a PUT then GET round trip, the change applied by another
 * service (identity's copy of the settings), and invalid values refused per field with nothing changed.
 */

const ADMIN = '/answer/admin/api';
let stack: Stack;
let admin: string;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({ services: [siteService, identityService, notificationsService] });
  admin = await login(stack, await createUser(stack, { roleId: Role.admin }));
});

afterAll(async () => {
  await stack?.close();
  await smtp?.close();
});

interface PageCase {
  path: string;
  group: SettingsGroup;
  valid: Record<string, unknown>;
  /** What GET answers after the valid PUT, where the server normalised what it was sent. */
  expected?: Record<string, unknown>;
  invalid: Record<string, unknown>;
  /** The fields the invalid PUT is refused on. */
  invalidFields: string[];
}

const CASES: PageCase[] = [
  {
    path: 'siteinfo/general',
    group: 'general',
    valid: {
      name: 'Agora Test',
      short_description: 'Questions and answers',
      description: 'A place to ask.',
      site_url: 'https://qa.example.com/',
      contact_email: ' admin@example.com ',
    },
    expected: { site_url: 'https://qa.example.com', contact_email: 'admin@example.com' },
    invalid: { name: 'x', site_url: 'not a url', contact_email: 'nobody' },
    invalidFields: ['site_url', 'contact_email'],
  },
  {
    path: 'siteinfo/interface',
    group: 'interface',
    valid: { language: 'zh_CN', time_zone: 'Asia/Shanghai' },
    invalid: { language: 'xx_XX', time_zone: 'Mars/Olympus' },
    invalidFields: ['language', 'time_zone'],
  },
  {
    path: 'siteinfo/users-settings',
    group: 'users',
    valid: { default_avatar: 'system', gravatar_base_url: 'https://cdn.example.com/avatar/' },
    invalid: { default_avatar: 'pixel' },
    invalidFields: ['default_avatar'],
  },
  {
    path: 'siteinfo/branding',
    group: 'branding',
    valid: { logo: '/uploads/logo.png', mobile_logo: '', square_icon: 'https://cdn.example.com/icon.png', favicon: '' },
    invalid: { logo: 'javascript:alert(1)', square_icon: 'ftp://cdn.example.com/icon.png' },
    invalidFields: ['logo', 'square_icon'],
  },
  {
    path: 'siteinfo/question',
    group: 'questions',
    valid: { min_tags: 2, min_content: 20, restrict_answer: false },
    invalid: { min_tags: 9, min_content: -1 },
    invalidFields: ['min_tags', 'min_content'],
  },
  {
    path: 'siteinfo/tag',
    group: 'tags',
    valid: {
      recommend_tags: [{ slug_name: 'go', display_name: 'Go' }],
      required_tag: true,
      reserved_tags: [{ slug_name: 'Meta', display_name: 'Meta' }],
    },
    expected: { reserved_tags: [{ slug_name: 'meta', display_name: 'Meta' }] },
    invalid: {
      recommend_tags: [
        { slug_name: 'go', display_name: 'Go' },
        { slug_name: 'go', display_name: 'Golang' },
      ],
      reserved_tags: [{ slug_name: 'bad slug!', display_name: 'Bad' }],
    },
    invalidFields: ['recommend_tags', 'reserved_tags'],
  },
  {
    path: 'siteinfo/advanced',
    group: 'advanced',
    valid: {
      max_image_size: 2,
      authorized_image_extensions: ['PNG', '.jpg'],
      authorized_attachment_extensions: ['pdf'],
    },
    expected: { authorized_image_extensions: ['png', 'jpg'] },
    invalid: { authorized_image_extensions: ['p n g'], authorized_attachment_extensions: ['pdf', 'PDF'] },
    invalidFields: ['authorized_image_extensions', 'authorized_attachment_extensions'],
  },
  {
    path: 'siteinfo/polices',
    group: 'policies',
    valid: {
      terms_of_service_original_text: '# Terms',
      terms_of_service_parsed_text: '<script>alert(1)</script>',
      privacy_policy_original_text: 'We keep *nothing*.',
    },
    expected: {
      terms_of_service_parsed_text: '<h1>Terms</h1>\n',
      privacy_policy_parsed_text: '<p>We keep <em>nothing</em>.</p>\n',
    },
    invalid: { terms_of_service_original_text: 5 },
    invalidFields: ['terms_of_service_original_text'],
  },
  {
    path: 'siteinfo/security',
    group: 'security',
    valid: { login_required: false, external_content_display: 'ask_before_display', check_update: false },
    invalid: { external_content_display: 'never' },
    invalidFields: ['external_content_display'],
  },
  {
    path: 'siteinfo/seo',
    group: 'seo',
    valid: { permalink: 3, robots: 'User-agent: *\nDisallow: /private' },
    invalid: { permalink: 7, robots: 'x' },
    invalidFields: ['permalink'],
  },
  {
    path: 'siteinfo/login',
    group: 'login',
    valid: {
      allow_new_registrations: false,
      require_email_verification: false,
      allow_email_domains: ['Example.com', ' corp.example.org '],
    },
    expected: { allow_email_domains: ['example.com', 'corp.example.org'] },
    invalid: { require_email_verification: true, allow_email_domains: ['not a domain'] },
    invalidFields: ['allow_email_domains'],
  },
  {
    path: 'siteinfo/users',
    group: 'users',
    valid: {
      default_avatar: 'gravatar',
      gravatar_base_url: 'https://gravatar.example/avatar/',
      allow_update_bio: false,
    },
    invalid: { default_avatar: 'gravatar', gravatar_base_url: 'ftp://gravatar.example/' },
    invalidFields: ['gravatar_base_url'],
  },
  {
    path: 'siteinfo/custom-css-html',
    group: 'custom_css_html',
    valid: { custom_css: 'body { color: #222; }', custom_header: '<div class="banner">Hello</div>' },
    invalid: { custom_css: 'x'.repeat(65537) },
    invalidFields: ['custom_css'],
  },
  {
    path: 'siteinfo/theme',
    group: 'theme',
    valid: {
      theme: 'default',
      color_scheme: 'dark',
      layout: 'Fixed-width',
      theme_config: { default: { navbar_style: '#112233', primary_color: '#aa0000' } },
    },
    invalid: { theme: 'default', color_scheme: 'neon', theme_config: { default: { primary_color: 'red' } } },
    invalidFields: ['color_scheme', 'theme_config'],
  },
  {
    path: 'setting/privileges',
    group: 'privileges',
    valid: { level: 3 },
    expected: {},
    invalid: { level: 4 },
    invalidFields: ['level'],
  },
];

const get = async (path: string) => {
  const reply = await stack.call('GET', `${ADMIN}/${path}`, { token: admin });
  expect(reply.status, path).toBe(200);
  return reply.body.data;
};

/** Identity's copy of a group, as it applies it from site's events. */
const identityCopy = async <G extends SettingsGroup>(group: G) =>
  (await stack.service('identity').context.siteSettings())[group];

describe('admin settings pages', () => {
  for (const page of CASES) {
    it(`${page.path}: saves, reads back, reaches identity, and refuses bad values per field`, async () => {
      const saved = await stack.call('PUT', `${ADMIN}/${page.path}`, { token: admin, body: page.valid });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const read = await get(page.path);
      if (page.group === 'privileges') expect(read.selected_level).toBe(3);
      else expect(read).toMatchObject({ ...page.valid, ...page.expected });

      const stored = (await stack.service('site').context.siteSettings())[page.group];
      await eventually(async () => isDeepStrictEqual(await identityCopy(page.group), stored));

      const refused = await stack.call('PUT', `${ADMIN}/${page.path}`, { token: admin, body: page.invalid });
      expect(refused.status).toBe(400);
      expect(refused.body.reason).toBe('base.request_format_error');
      const fields = (refused.body.data as { error_field: string; error_msg: string }[]).map((e) => e.error_field);
      expect(fields.sort()).toEqual([...page.invalidFields].sort());
      expect(await get(page.path)).toEqual(read);
    });
  }

  it('answers the general page with what it saved', async () => {
    const body = { name: 'Saved', site_url: 'https://saved.example.com//', contact_email: 'a@example.com' };
    const saved = await stack.call('PUT', `${ADMIN}/siteinfo/general`, { token: admin, body });
    expect(saved.body.data).toMatchObject({ name: 'Saved', site_url: 'https://saved.example.com' });
  });

  it('lists the privilege levels with their thresholds, translated', async () => {
    const en = await get('setting/privileges');
    expect(en.options.map((o: { level: number }) => o.level)).toEqual([1, 2, 3, 99]);
    const level2 = en.options[1];
    expect(level2.privileges).toContainEqual({ key: 'tag.add', label: 'Create a new tag', value: 750 });
    const zh = await stack.call('GET', `${ADMIN}/setting/privileges`, {
      token: admin,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.data.options[1].privileges).toContainEqual({ key: 'tag.add', label: '创建新标签', value: 750 });
  });

  it('saves the custom level with the admin’s own thresholds, which the other services then use', async () => {
    const member = await login(stack, await createUser(stack));
    const mayVoteUp = async () =>
      (await stack.call('GET', '/answer/api/v1/permission?action=question.vote_up', { token: member })).body.data[
        'question.vote_up'
      ].has_permission;
    await stack.call('PUT', `${ADMIN}/setting/privileges`, { token: admin, body: { level: 2 } });
    await eventually(async () => (await identityCopy('privileges')).level === 2);
    expect(await mayVoteUp()).toBe(false);
    // Until saved, the custom level offers the first level's thresholds to start from, as the reference does.
    const offered = (await get('setting/privileges')).options[3];
    expect(offered.level_desc).toBe('Reputation thresholds set by the admin.');
    expect(offered.privileges).toContainEqual({ key: 'tag.add', label: 'Create a new tag', value: 1 });
    const custom = offered.privileges.map((p: { key: string; value: number }) => ({
      key: p.key,
      value: p.key === 'tag.add' ? 40 : p.value,
    }));
    const saved = await stack.call('PUT', `${ADMIN}/setting/privileges`, {
      token: admin,
      body: { level: 99, custom_privileges: custom },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await get('setting/privileges');
    expect(read.selected_level).toBe(99);
    expect(read.options[3].privileges).toContainEqual({ key: 'tag.add', label: 'Create a new tag', value: 40 });
    // Identity decides with the admin's thresholds: a member of reputation 1 may vote up now.
    await eventually(async () => (await identityCopy('privileges')).level === 99);
    expect(await mayVoteUp()).toBe(true);
    // Another level keeps the custom thresholds for later.
    await stack.call('PUT', `${ADMIN}/setting/privileges`, { token: admin, body: { level: 3 } });
    const later = await get('setting/privileges');
    expect([later.selected_level, later.options[3].privileges]).toEqual([3, read.options[3].privileges]);
    await eventually(async () => (await identityCopy('privileges')).level === 3);
    expect(await mayVoteUp()).toBe(false);
  });

  it('refuses a custom level without a threshold for each privilege, or with one it does not know', async () => {
    const before = await get('setting/privileges');
    const all = before.options[3].privileges.map((p: { key: string; value: number }) => ({ key: p.key, value: 5 }));
    const refusals: [unknown, string][] = [
      [{ level: 99 }, 'custom_privileges'],
      [{ level: 99, custom_privileges: all.slice(1) }, 'custom_privileges'],
      [{ level: 99, custom_privileges: [...all, all[0]] }, 'custom_privileges'],
      [{ level: 99, custom_privileges: [...all, { key: 'admin.access', value: 1 }] }, 'custom_privileges'],
      [{ level: 99, custom_privileges: [{ ...all[0], value: 0 }, ...all.slice(1)] }, 'custom_privileges.value'],
      [{ level: 98, custom_privileges: all }, 'level'],
    ];
    for (const [body, field] of refusals) {
      const refused = await stack.call('PUT', `${ADMIN}/setting/privileges`, { token: admin, body });
      expect([refused.status, refused.body.data?.[0]?.error_field], JSON.stringify(body)).toEqual([400, field]);
    }
    const missing = await stack.call('PUT', `${ADMIN}/setting/privileges`, { token: admin, body: { level: 99 } });
    expect(missing.body.data[0].error_msg).toBe('Custom privileges needs a reputation for "question.add".');
    expect(await get('setting/privileges')).toEqual(before);
  });

  it('answers the theme page with its options, and the theme options alone', async () => {
    expect((await get('siteinfo/theme')).theme_options).toEqual([{ label: 'Default', value: 'default' }]);
    expect(await get('theme/options')).toEqual([{ label: 'Default', value: 'default' }]);
  });
});

describe('settings that other services act on', () => {
  it('closes registration in identity when the login page says so', async () => {
    await stack.call('PUT', `${ADMIN}/siteinfo/login`, {
      token: admin,
      body: { allow_new_registrations: false, require_email_verification: false },
    });
    await eventually(async () => (await identityCopy('login')).allow_new_registrations === false);
    const register = await stack.call('POST', '/answer/api/v1/user/register/email', {
      body: { name: 'Newcomer', e_mail: 'newcomer@example.com', pass: 'long-enough-1' },
    });
    expect(register.status).toBe(403);
    expect(register.body.msg).toBe('New registrations are closed.');
    await stack.call('PUT', `${ADMIN}/siteinfo/login`, {
      token: admin,
      body: { allow_new_registrations: true, require_email_verification: false },
    });
  });

  it('makes the site private: anonymous API calls get 401 and robots.txt shuts crawlers out', async () => {
    const robots = 'User-agent: *\nDisallow: /secret';
    await stack.call('PUT', `${ADMIN}/siteinfo/seo`, { token: admin, body: { permalink: 2, robots } });
    const open = await stack.gateway.inject({ method: 'GET', url: '/robots.txt' });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(open.body).toBe(robots);

    const security = { login_required: true, external_content_display: 'always_display', check_update: true };
    expect((await stack.call('PUT', `${ADMIN}/siteinfo/security`, { token: admin, body: security })).status).toBe(200);
    await eventually(
      async () => (await stack.call('GET', '/answer/api/v1/user/info/search?username=x')).status === 401,
    );
    expect((await stack.gateway.inject({ method: 'GET', url: '/robots.txt' })).body).toBe(
      'User-agent: *\nDisallow: /\n',
    );

    await stack.call('PUT', `${ADMIN}/siteinfo/security`, {
      token: admin,
      body: { ...security, login_required: false },
    });
  });
});

describe('SMTP settings', () => {
  const settings = () => ({
    from_email: 'noreply@agora.test',
    from_name: 'Agora Mail',
    smtp_host: '127.0.0.1',
    smtp_port: smtp.port,
    encryption: '',
    smtp_username: 'mailer',
    smtp_password: 'first-secret',
    smtp_authentication: false,
  });

  it('saves a from address alone, before any host is known, as the reference allows', async () => {
    const saved = await stack.call('PUT', `${ADMIN}/setting/smtp`, {
      token: admin,
      body: { from_email: ' mailer@agora.test ', from_name: '', smtp_host: '', smtp_username: '', smtp_password: '' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await get('setting/smtp')).toMatchObject({ from_email: 'mailer@agora.test', smtp_host: '', from_name: '' });
    // A test mail tests the host: without one it is refused, and nothing changes.
    const test = await stack.call('PUT', `${ADMIN}/setting/smtp`, {
      token: admin,
      body: { from_name: 'Agora', test_email_recipient: 'owner@example.com' },
    });
    expect([test.status, test.body.data]).toEqual([400, [{ error_field: 'smtp_host', error_msg: expect.any(String) }]]);
    expect((await get('setting/smtp')).from_name).toBe('');
  });

  it('masks the stored password, keeps it when the mask comes back, and replaces it when a new one is sent', async () => {
    expect((await stack.call('PUT', `${ADMIN}/setting/smtp`, { token: admin, body: settings() })).status).toBe(200);
    const read = await get('setting/smtp');
    expect(read).toMatchObject({ ...settings(), smtp_password: SMTP_PASSWORD_MASK });
    expect(JSON.stringify(read)).not.toContain('first-secret');

    await stack.call('PUT', `${ADMIN}/setting/smtp`, { token: admin, body: { ...read, from_name: 'Agora Team' } });
    expect((await stack.service('site').context.siteSettings()).smtp).toMatchObject({
      from_name: 'Agora Team',
      smtp_password: 'first-secret',
    });

    await stack.call('PUT', `${ADMIN}/setting/smtp`, { token: admin, body: { ...read, smtp_password: 'second' } });
    expect((await stack.service('site').context.siteSettings()).smtp.smtp_password).toBe('second');
  });

  it('refuses bad values per field and changes nothing', async () => {
    const before = await get('setting/smtp');
    const refused = await stack.call('PUT', `${ADMIN}/setting/smtp`, {
      token: admin,
      body: {
        ...settings(),
        from_email: 'nobody',
        from_name: 'who@example.com',
        smtp_host: ' ',
        smtp_authentication: true,
        smtp_username: '',
        test_email_recipient: 'not-an-address',
      },
    });
    expect(refused.status).toBe(400);
    const fields = refused.body.data.map((e: { error_field: string }) => e.error_field).sort();
    // A test mail needs a host; the rest may stay empty.
    expect(fields).toEqual(['from_email', 'from_name', 'smtp_host', 'test_email_recipient']);
    const port = await stack.call('PUT', `${ADMIN}/setting/smtp`, { token: admin, body: { smtp_port: 70000 } });
    expect(port.status).toBe(400);
    expect(port.body.data).toEqual([{ error_field: 'smtp_port', error_msg: 'SMTP port must be at most 65535.' }]);
    expect(await get('setting/smtp')).toEqual(before);
  });

  it('sends a test mail through the saved settings', async () => {
    const recipient = 'owner@example.com';
    const saved = await stack.call('PUT', `${ADMIN}/setting/smtp`, {
      token: admin,
      body: { ...settings(), from_name: 'Agora Test Mail', test_email_recipient: recipient },
    });
    expect(saved.status).toBe(200);
    await eventually(() => smtp.received.some((m) => m.recipients.includes(recipient)), 15_000, 50);
    const mail = smtp.received.find((m) => m.recipients.includes(recipient));
    expect(mail?.mail.subject).toMatch(/Test email/);
    expect(mail?.mail.from?.text).toContain('Agora Test Mail');
  });
});

describe('who may use the settings pages', () => {
  it('refuses anonymous callers, members and moderators', async () => {
    const member = await login(stack, await createUser(stack));
    const moderator = await login(stack, await createUser(stack, { roleId: Role.moderator }));
    for (const path of ['siteinfo/general', 'setting/smtp', 'setting/privileges']) {
      expect((await stack.call('GET', `${ADMIN}/${path}`)).status, path).toBe(401);
      expect((await stack.call('GET', `${ADMIN}/${path}`, { token: member })).status, path).toBe(403);
      expect((await stack.call('GET', `${ADMIN}/${path}`, { token: moderator })).status, path).toBe(403);
    }
  });
});
