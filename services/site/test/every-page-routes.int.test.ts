import { defaultSiteSettings, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateSettingsGroup } from '../src/commands/update-settings';
import { siteService } from '../src/service';

/** The routes the reference's web client calls on every page, in its handler's shapes (the OpenAPI reference). */

let stack: Stack;
const API = '/answer/api/v1';

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService] });
});

afterAll(async () => {
  await stack?.close();
});

describe('routes called on every page', () => {
  it('lists no active plugins, no external logins and no user center, for anyone', async () => {
    const plugins = await stack.call('GET', `${API}/plugin/status`);
    expect(plugins.status).toBe(200);
    expect(plugins.body.data).toEqual([]);
    const connectors = await stack.call('GET', `${API}/connector/info`);
    expect(connectors.status).toBe(200);
    expect(connectors.body.data).toEqual([]);
    const agent = await stack.call('GET', `${API}/user-center/agent`);
    expect(agent.status).toBe(200);
    expect(agent.body.data).toMatchObject({ enabled: false, agent_info: { enabled_original_user_system: true } });
  });

  it("lists a member's bound external logins and plugin settings (none), and refuses anonymous callers", async () => {
    const token = await login(stack, await createUser(stack));
    for (const path of ['connector/user/info', 'user/plugin/configs']) {
      const mine = await stack.call('GET', `${API}/${path}`, { token });
      expect(mine.status, path).toBe(200);
      expect(mine.body.data, path).toEqual([]);
      expect((await stack.call('GET', `${API}/${path}`)).status, path).toBe(401);
    }
  });

  it("serves the admin's custom CSS as a stylesheet at /custom.css", async () => {
    const empty = await stack.gateway.inject({ method: 'GET', url: '/custom.css' });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(empty.body).toBe('');
    const css = 'body { background: #fafafa; }';
    await updateSettingsGroup(
      stack.service('site').context,
      {
        group: 'custom_css_html',
        values: { ...defaultSiteSettings('http://agora.test').custom_css_html, custom_css: css },
      } as never,
      null,
    );
    const styled = await stack.gateway.inject({ method: 'GET', url: '/custom.css' });
    expect(styled.body).toBe(css);
    expect(styled.headers['cache-control']).toBe('no-cache');
  });

  it('answers the language options under the admin prefix to admins only', async () => {
    const admin = await login(stack, await createUser(stack, { roleId: Role.admin }));
    const options = await stack.call('GET', '/answer/admin/api/language/options', { token: admin });
    expect(options.status).toBe(200);
    expect(options.body.data).toEqual((await stack.call('GET', `${API}/language/options`)).body.data);
    expect(options.body.data).toContainEqual(expect.objectContaining({ value: 'zh_CN' }));
    const member = await login(stack, await createUser(stack));
    expect((await stack.call('GET', '/answer/admin/api/language/options', { token: member })).status).toBe(403);
  });
});
