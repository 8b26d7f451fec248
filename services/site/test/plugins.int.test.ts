import { PluginSlug, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { createUser, login } from '@agora/test-support/accounts';
import { eventually } from '@agora/test-support/eventually';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteService } from '../src/service';

/**
 * The built-in plugins through the gateway (docs/adr/0073-built-in-plugins.md): the admin's list and its status
 * filter, the switch, each plugin's form read and saved with per-field checks, the public reads the web app
 * makes, the change applied by another service, and identity's connectors listed and switched as plugins.
 */

const ADMIN = '/answer/admin/api';
const API = '/answer/api/v1';
let stack: Stack;
let admin: string;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService] });
  admin = await login(stack, await createUser(stack, { roleId: Role.admin }));
});

afterAll(async () => {
  await stack?.close();
});

interface ListItem {
  slug_name: string;
  name: string;
  enabled: boolean;
  status: string;
  have_config: boolean;
  version: string;
}

const list = async (query = '') => {
  const reply = await stack.call('GET', `${ADMIN}/plugins${query}`, { token: admin });
  expect(reply.status).toBe(200);
  return reply.body.data as ListItem[];
};
const setStatus = (slug: string, enabled: boolean) =>
  stack.call('PUT', `${ADMIN}/plugin/status`, { token: admin, body: { plugin_slug_name: slug, enabled } });
const readConfig = async (slug: string, language?: string) => {
  const reply = await stack.call('GET', `${ADMIN}/plugin/config?plugin_slug_name=${slug}`, {
    token: admin,
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });
  expect(reply.status).toBe(200);
  return reply.body.data as { name: string; config_fields: { name: string; value: unknown; title: string }[] };
};
const saveConfig = (slug: string, config_fields: Record<string, unknown>) =>
  stack.call('PUT', `${ADMIN}/plugin/config`, { token: admin, body: { plugin_slug_name: slug, config_fields } });
const valuesOf = (config: { config_fields: { name: string; value: unknown }[] }) =>
  Object.fromEntries(config.config_fields.map((field) => [field.name, field.value]));
const identitySettings = () => stack.service('identity').context.siteSettings();

describe('the plugin list and switches', () => {
  it('lists every built-in plugin, off, and filters by status', async () => {
    const all = await list();
    expect(all.map((item) => item.slug_name)).toEqual(Object.values(PluginSlug));
    expect(all.every((item) => !item.enabled && item.status === 'inactive' && item.have_config)).toBe(true);
    expect(await list('?status=active')).toEqual([]);
    expect((await stack.call('GET', `${API}/plugin/status`)).body.data).toEqual([]);
  });

  it('switches a plugin on and off, every page sees it, and the filter follows', async () => {
    expect((await setStatus(PluginSlug.sidebar, true)).status).toBe(200);
    expect((await list('?status=active')).map((item) => item.slug_name)).toEqual([PluginSlug.sidebar]);
    expect((await stack.call('GET', `${API}/plugin/status`)).body.data).toEqual([
      { slug_name: PluginSlug.sidebar, enabled: true },
    ]);
    await eventually(async () => (await identitySettings()).plugins[PluginSlug.sidebar]?.enabled === true);

    expect((await setStatus(PluginSlug.sidebar, false)).status).toBe(200);
    expect(await list('?status=active')).toEqual([]);
    expect((await list('?status=inactive')).length).toBe(Object.values(PluginSlug).length);
  });

  it('refuses an unknown plugin (404) and a bad status filter (400)', async () => {
    expect((await setStatus('no_such_plugin', true)).status).toBe(404);
    expect((await stack.call('GET', `${ADMIN}/plugin/config?plugin_slug_name=nope`, { token: admin })).status).toBe(
      404,
    );
    expect((await stack.call('GET', `${ADMIN}/plugins?status=broken`, { token: admin })).status).toBe(400);
  });

  it("the captcha plugin's switch is the security settings' captcha switch, applied in identity", async () => {
    expect((await setStatus(PluginSlug.captcha, true)).status).toBe(200);
    const security = await stack.call('GET', `${ADMIN}/siteinfo/security`, { token: admin });
    expect(security.body.data.captcha_enabled).toBe(true);
    await eventually(async () => (await identitySettings()).security.captcha_enabled === true);
    const due = await stack.call('GET', `${API}/user/action/record?action=e_mail`);
    expect(due.body.data.verify).toBe(true);
    expect(due.body.data.captcha_img).toMatch(/^data:image\/svg\+xml;base64,/);

    expect((await setStatus(PluginSlug.captcha, false)).status).toBe(200);
    await eventually(async () => (await identitySettings()).security.captcha_enabled === false);
    expect((await stack.call('GET', `${API}/user/action/record?action=e_mail`)).body.data.verify).toBe(false);
  });
});

describe('plugin settings forms', () => {
  it('reads a form in the caller language with its defaults', async () => {
    const en = await readConfig(PluginSlug.render);
    expect(en.name).toBe('Code highlighting');
    expect(valuesOf(en)).toEqual({ select_theme: 'default' });
    const zh = await readConfig(PluginSlug.render, 'zh-CN');
    expect(zh.name).toBe('代码高亮');
    expect(zh.config_fields[0]?.title).toBe('主题');
  });

  it('saves the sidebar, reads it back, and serves it once on', async () => {
    const tags = [
      { tag_id: '10010000000000001', slug_name: 'go', display_name: 'Go', recommend: true, reserved: false },
    ];
    const links_text = 'Docs, https://docs.example.com\nBlog, /blog';
    expect((await saveConfig(PluginSlug.sidebar, { tags, links_text })).status).toBe(200);
    expect(valuesOf(await readConfig(PluginSlug.sidebar))).toEqual({ tags, links_text });

    expect((await stack.call('GET', `${API}/sidebar/config`)).body.data).toEqual({ tags: [], links_text: '' });
    await setStatus(PluginSlug.sidebar, true);
    expect((await stack.call('GET', `${API}/sidebar/config`)).body.data).toEqual({ tags, links_text });
    await setStatus(PluginSlug.sidebar, false);
  });

  it('refuses bad values per field and changes nothing', async () => {
    const before = await readConfig(PluginSlug.captcha);
    const refused = await saveConfig(PluginSlug.captcha, { characters: 12, noise: 'lots', colour: 'red' });
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('base.request_format_error');
    const fields = (refused.body.data as { error_field: string; error_msg: string }[]).map((e) => e.error_field);
    expect(fields.sort()).toEqual(['characters', 'colour', 'noise']);
    expect(await readConfig(PluginSlug.captcha)).toEqual(before);

    const badTheme = await saveConfig(PluginSlug.render, { select_theme: 'neon' });
    expect(badTheme.status).toBe(400);
    expect(badTheme.body.data[0]).toMatchObject({ error_field: 'select_theme' });
    const badLinks = await saveConfig(PluginSlug.sidebar, { links_text: 'Home, javascript:alert(1)' });
    expect(badLinks.body.data[0]).toMatchObject({ error_field: 'links_text' });
    const badTag = await saveConfig(PluginSlug.sidebar, {
      tags: [{ tag_id: '1', slug_name: 'Not A Slug', display_name: 'x', recommend: false, reserved: false }],
    });
    expect(badTag.body.data[0]).toMatchObject({ error_field: 'tags' });
  });

  it('applies the captcha settings in identity, which draws its captchas with them', async () => {
    expect((await saveConfig(PluginSlug.captcha, { characters: '6', noise: 0 })).status).toBe(200);
    expect(valuesOf(await readConfig(PluginSlug.captcha))).toEqual({ characters: 6, noise: 0 });
    await eventually(async () => (await identitySettings()).plugins[PluginSlug.captcha]?.config.characters === 6);
    await setStatus(PluginSlug.captcha, true);
    const config = await stack.call('GET', `${API}/captcha/config`);
    expect(config.body.data).toEqual({ slug_name: PluginSlug.captcha, config: { characters: 6, noise: 0 } });
    await eventually(async () => (await identitySettings()).security.captcha_enabled === true);
    const drawn = await stack.call('GET', `${API}/user/action/record?action=e_mail`);
    const svg = Buffer.from(String(drawn.body.data.captcha_img).split(',')[1] ?? '', 'base64').toString();
    // One path per character, and no noise lines.
    expect(svg.match(/<path/g)?.length).toBe(6);
    await setStatus(PluginSlug.captcha, false);
    expect((await stack.call('GET', `${API}/captcha/config`)).status).toBe(404);
  });

  it('answers the code theme and the embedded platforms only while their plugin is on', async () => {
    await saveConfig(PluginSlug.render, { select_theme: 'monokai' });
    expect((await stack.call('GET', `${API}/render/config`)).body.data).toEqual({ select_theme: '' });
    await setStatus(PluginSlug.render, true);
    expect((await stack.call('GET', `${API}/render/config`)).body.data).toEqual({ select_theme: 'monokai' });

    const embedOff = (await stack.call('GET', `${API}/embed/config`)).body.data as { enable: boolean }[];
    expect(embedOff.every((item) => !item.enable)).toBe(true);
    await saveConfig(PluginSlug.embed, { vimeo: false });
    await setStatus(PluginSlug.embed, true);
    const embedOn = (await stack.call('GET', `${API}/embed/config`)).body.data as {
      platform: string;
      enable: boolean;
    }[];
    expect(embedOn.find((item) => item.platform === 'youtube')?.enable).toBe(true);
    expect(embedOn.find((item) => item.platform === 'vimeo')?.enable).toBe(false);
    await setStatus(PluginSlug.render, false);
    await setStatus(PluginSlug.embed, false);
  });
});

describe('external logins as plugins', () => {
  it("lists identity's connectors and switches them in identity", async () => {
    const saved = await stack.call('PUT', `${ADMIN}/connector`, {
      token: admin,
      body: {
        name: 'devhub',
        kind: 'oauth2',
        enabled: true,
        issuer: '',
        authorization_url: 'https://devhub.example.com/login/oauth/authorize',
        token_url: 'https://devhub.example.com/login/oauth/access_token',
        api_url: 'https://api.devhub.example.com',
        client_id: 'client',
        client_secret: 'secret',
        scopes: 'read:user user:email',
        button_label: 'DevHub',
        icon: 'GitHub',
      },
    });
    expect(saved.status).toBe(200);
    await eventually(async () => (await list()).some((item) => item.slug_name === 'connector_devhub'));
    expect((await list('?status=active')).map((item) => item.slug_name)).toEqual(['connector_devhub']);

    expect((await setStatus('connector_devhub', false)).status).toBe(200);
    const connectors = await stack.call('GET', `${ADMIN}/connectors`, { token: admin });
    expect(connectors.body.data[0]).toMatchObject({ name: 'devhub', enabled: false, client_secret_set: true });
    await eventually(async () =>
      (await list('?status=inactive')).some((item) => item.slug_name === 'connector_devhub'),
    );
    expect((await setStatus('connector_nobody', true)).status).toBe(404);
  });

  it("reads and saves a connector's settings as its plugin form, in identity, the secret kept", async () => {
    const form = await readConfig('connector_devhub');
    expect(form.name).toBe('DevHub');
    expect(valuesOf(form)).toMatchObject({ kind: 'oauth2', client_id: 'client', client_secret: '********' });

    const refused = await saveConfig('connector_devhub', { token_url: 'not a url', client_id: '', colour: 'red' });
    expect(refused.status).toBe(400);
    const fields = (refused.body.data as { error_field: string }[]).map((e) => e.error_field).sort();
    expect(fields).toEqual(['client_id', 'colour', 'token_url']);
    const badUrl = await saveConfig('connector_devhub', { token_url: 'not a url' });
    expect(badUrl.body.data).toEqual([expect.objectContaining({ error_field: 'token_url' })]);

    const saved = await saveConfig('connector_devhub', { button_label: 'DevHub login', client_secret: '********' });
    expect(saved.status).toBe(200);
    const connectors = await stack.call('GET', `${ADMIN}/connectors`, { token: admin });
    expect(connectors.body.data[0]).toMatchObject({ button_label: 'DevHub login', client_secret_set: true });
    await eventually(async () => (await list()).some((item) => item.name === 'DevHub login'));
  });
});

describe("a member's own plugin settings", () => {
  it('has none: an empty list, and any plugin named is unknown', async () => {
    const token = await login(stack, await createUser(stack));
    expect((await stack.call('GET', `${API}/user/plugin/configs`, { token })).body.data).toEqual([]);
    const one = await stack.call('GET', `${API}/user/plugin/config?plugin_slug_name=${PluginSlug.sidebar}`, { token });
    expect(one.status).toBe(404);
    const put = await stack.call('PUT', `${API}/user/plugin/config`, {
      token,
      body: { plugin_slug_name: PluginSlug.sidebar, config_fields: {} },
    });
    expect(put.status).toBe(404);
    expect((await stack.call('GET', `${API}/user/plugin/configs`)).status).toBe(401);
  });
});
