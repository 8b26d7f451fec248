/**
 * The user center's routes through the gateway (issue 42): Agora has no user center agent (its external logins are
 * the connectors), so these answer as the reference does without one: not enabled, no personal branding, and the
 * browser trips of a user center's sign-in and sign-up sent to the 404 page.
 */
import { siteService } from '@agora/site';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';

const API = '/answer/api/v1';
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService] });
});

afterAll(async () => {
  await stack?.close();
});

describe('user center without an agent', () => {
  it('says no agent is enabled, and adds no personal branding to a profile', async () => {
    const agent = await stack.call('GET', `${API}/user-center/agent`);
    expect(agent.body.data).toMatchObject({ enabled: false, agent_info: { enabled_original_user_system: true } });
    for (const query of ['?username=someone', '']) {
      const branding = await stack.call('GET', `${API}/user-center/personal/branding${query}`);
      expect([branding.status, branding.body.data]).toEqual([200, { enabled: false, personal_branding: [] }]);
    }
    const tooLong = await stack.call('GET', `${API}/user-center/personal/branding?username=${'u'.repeat(200)}`);
    expect(tooLong.status).toBe(400);
  });

  it('sends the sign-in and sign-up trips and their callbacks to the 404 page', async () => {
    for (const path of ['login/redirect', 'sign-up/redirect', 'login/callback?code=x&state=y', 'sign-up/callback']) {
      const trip = await stack.call('GET', `${API}/user-center/${path}`);
      expect([trip.status, trip.headers.location], path).toEqual([302, '/404']);
    }
  });
});
