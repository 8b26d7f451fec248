import { AGORA_VERSION, defaultSiteSettings } from '@agora/contracts';
import { type HttpApp, loadConfig, type RunningService } from '@agora/platform';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createTestDatabase } from '@agora/test-support/database';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComposedAgora, composeAgora } from '../src/compose';
import { createGateway } from '../src/gateway';
import { HttpTransport } from '../src/transports';

const log = pino({ level: 'silent' });
let drop: () => Promise<void>;
let agora: ComposedAgora;
let site: RunningService;
let inProcess: HttpApp;
let overHttp: HttpApp;
let httpTransport: HttpTransport;

beforeAll(async () => {
  const database = await createTestDatabase('gw');
  drop = database.drop;
  const config = loadConfig({ env: { AGORA_SITE_URL: 'http://agora.test' } });
  agora = await composeAgora({ config, databaseUrl: database.url, log, services: [siteService] });
  site = agora.service('site');
  inProcess = agora.gateway;
  const address = await site.app.listen({ host: '127.0.0.1', port: 0 });
  httpTransport = new HttpTransport(address);
  overHttp = await createGateway({ log, transports: { site: httpTransport } });
});

afterAll(async () => {
  await overHttp?.close();
  await httpTransport?.close();
  await agora?.close();
  await drop?.();
});

const both = () =>
  [
    ['in-process', inProcess],
    ['over HTTP', overHttp],
  ] as const;

describe('gateway', () => {
  it('serves siteinfo in the envelope with the defaults, identically in-process and over HTTP', async () => {
    const answers = [];
    for (const [, gateway] of both()) {
      const response = await gateway.inject({ url: '/answer/api/v1/siteinfo' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      answers.push(response.json());
    }
    expect(answers[0]).toEqual(answers[1]);
    const body = answers[0];
    expect(body).toMatchObject({ code: 200, reason: 'base.success', msg: 'Success.' });
    const defaults = defaultSiteSettings('http://agora.test');
    expect(body.data.general).toEqual(defaults.general);
    expect(body.data.login).toEqual(defaults.login);
    expect(body.data.site_seo.permalink).toBe(2);
    expect(body.data.users_settings).toEqual({
      default_avatar: 'gravatar',
      gravatar_base_url: defaults.users.gravatar_base_url,
    });
    expect(body.data.theme.theme_options).toEqual([{ label: 'Default', value: 'default' }]);
    expect(body.data.site_legal).toEqual({ external_content_display: 'always_display' });
    expect(body.data.version).toBe(AGORA_VERSION);
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'ai_enabled',
        'branding',
        'custom_css_html',
        'general',
        'interface',
        'login',
        'mcp_enabled',
        'revision',
        'site_advanced',
        'site_legal',
        'site_questions',
        'site_security',
        'site_seo',
        'site_tags',
        'site_users',
        'theme',
        'users_settings',
        'version',
      ].sort(),
    );
  });

  it('answers 404 in the envelope for unknown routes and for services this deployment does not run', async () => {
    for (const [, gateway] of both()) {
      for (const url of ['/answer/api/v1/no/such/thing', '/answer/api/v1/question/page', '/answer/admin/api/nope']) {
        const response = await gateway.inject({ url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          code: 404,
          reason: 'base.not_found',
          msg: 'The resource does not exist.',
          data: null,
        });
      }
    }
  });

  it('passes 400 field errors through unchanged, translated by Accept-Language', async () => {
    for (const [, gateway] of both()) {
      const missing = await gateway.inject({ url: '/answer/api/v1/siteinfo/legal' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        code: 400,
        reason: 'base.request_format_error',
        msg: 'Info type cannot be empty.',
        data: [{ error_field: 'info_type', error_msg: 'Info type cannot be empty.' }],
      });
      const bad = await gateway.inject({
        url: '/answer/api/v1/siteinfo/legal?info_type=cookies',
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(bad.json()).toEqual({
        code: 400,
        reason: 'base.request_format_error',
        msg: 'Info type 无效。',
        data: [{ error_field: 'info_type', error_msg: 'Info type 无效。' }],
      });
    }
  });

  it('serves legal texts, languages and translations', async () => {
    await updateSettingsGroup(
      site.context,
      {
        group: 'policies',
        values: {
          terms_of_service_original_text: '# Terms',
          terms_of_service_parsed_text: '<h1>Terms</h1>',
          privacy_policy_original_text: '# Privacy',
          privacy_policy_parsed_text: '<h1>Privacy</h1>',
        },
      },
      null,
    );
    for (const [, gateway] of both()) {
      const tos = (await gateway.inject({ url: '/answer/api/v1/siteinfo/legal?info_type=tos' })).json();
      expect(tos.data).toEqual({
        terms_of_service_original_text: '# Terms',
        terms_of_service_parsed_text: '<h1>Terms</h1>',
        privacy_policy_original_text: '',
        privacy_policy_parsed_text: '',
      });
      const options = (await gateway.inject({ url: '/answer/api/v1/language/options' })).json();
      expect(options.data).toEqual([
        { label: 'English', value: 'en_US', progress: 100 },
        { label: '中文(简体)', value: 'zh_CN', progress: 100 },
      ]);
      const zh = (
        await gateway.inject({ url: '/answer/api/v1/language/config', headers: { 'accept-language': 'zh_CN' } })
      ).json();
      expect(zh.msg).toBe('成功。');
      // Nothing for the reference client to merge over its own strings: Agora's web app carries its own
      // (frontends/kit/test/use-translation.unit.test.ts draws them), under keys the reference client does not use.
      expect(zh.data).toEqual({});
      const en = (await gateway.inject({ url: '/answer/api/v1/language/config' })).json();
      expect(en.data).toEqual({});
    }
  });

  it('shows a settings change, recorded as an event, in siteinfo at once', async () => {
    const { events } = await updateSettingsGroup(
      site.context,
      { group: 'general', values: { ...defaultSiteSettings('http://agora.test').general, name: 'Agora Test' } },
      'admin-1',
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'site.settings_changed',
      streamId: 'site-settings',
      metadata: { actorId: 'admin-1' },
    });
    for (const [, gateway] of both()) {
      const body = (await gateway.inject({ url: '/answer/api/v1/siteinfo' })).json();
      expect(body.data.general.name).toBe('Agora Test');
    }
    const again = await updateSettingsGroup(
      site.context,
      { group: 'general', values: { ...defaultSiteSettings('http://agora.test').general, name: 'Agora Test' } },
      'admin-1',
    );
    expect(again.events).toHaveLength(0);
  });

  it('passes request bodies and methods through untouched', async () => {
    for (const [, gateway] of both()) {
      const response = await gateway.inject({
        method: 'POST',
        url: '/answer/api/v1/siteinfo',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken": ',
      });
      // The gateway does not parse bodies: the owning service does, and refuses this one.
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        reason: 'base.request_format_error',
        data: [{ error_field: 'body', error_msg: 'Request body is invalid.' }],
      });
    }
  });
});
