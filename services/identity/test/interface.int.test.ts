/** `PUT user/interface`: the language, and beyond the reference the member's own time zone ('' for the site's). */
import { siteService } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { identityService } from '../src/service';

const API = '/answer/api/v1';
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService] });
});

afterAll(async () => {
  await stack?.close();
});

it('keeps the time zone a member chose, refuses an unknown one, and leaves it when not sent', async () => {
  const member = await createUser(stack, { name: 'Zone Member' });
  const token = await login(stack, member);
  const info = async () => (await stack.call('GET', `${API}/user/info`, { token })).body.data;
  const put = (body: object) => stack.call('PUT', `${API}/user/interface`, { token, body });
  expect((await info()).time_zone).toBe('');

  expect((await put({ language: 'zh_CN', time_zone: 'Europe/Lisbon' })).status).toBe(200);
  expect(await info()).toMatchObject({ language: 'zh_CN', time_zone: 'Europe/Lisbon' });

  const bad = await put({ language: 'en_US', time_zone: 'Mars/Olympus_Mons' });
  expect(bad.status).toBe(400);
  expect(bad.body.data).toEqual([expect.objectContaining({ error_field: 'time_zone' })]);
  expect(await info()).toMatchObject({ language: 'zh_CN', time_zone: 'Europe/Lisbon' });

  // The footer's language switch sends no time zone: the member's stays.
  expect((await put({ language: 'en_US', color_scheme: 'default' })).status).toBe(200);
  expect(await info()).toMatchObject({ language: 'en_US', time_zone: 'Europe/Lisbon' });

  expect((await put({ language: 'en_US', time_zone: '' })).status).toBe(200);
  expect((await info()).time_zone).toBe('');
});
