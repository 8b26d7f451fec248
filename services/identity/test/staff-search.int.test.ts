/** `user/staff` (the user list's staff search): admins and moderators whose name starts with what was typed. */
import { Role } from '@agora/contracts';
import { siteService } from '@agora/site';
import { createUser } from '@agora/test-support/accounts';
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

it('finds staff by username or display name prefix, never plain members, at most page_size', async () => {
  const admin = await createUser(stack, { roleId: Role.admin, name: 'Staffsearch Admin' });
  const moderator = await createUser(stack, { roleId: Role.moderator, name: 'Staffsearch Moderator' });
  await createUser(stack, { name: 'Staffsearch Member' });
  const found = await stack.call('GET', `${API}/user/staff?username=staffsearch&page_size=10`);
  expect(found.status).toBe(200);
  const names = found.body.data.map((s: { username: string }) => s.username).sort();
  expect(names).toEqual([admin.username, moderator.username].sort());
  expect(Object.keys(found.body.data[0]).sort()).toEqual(['avatar', 'display_name', 'username']);

  const one = await stack.call('GET', `${API}/user/staff?username=Staffsearch%20Mod&page_size=1`);
  expect(one.body.data).toEqual([expect.objectContaining({ username: moderator.username })]);

  const bad = await stack.call('GET', `${API}/user/staff?username=&page_size=0`);
  expect(bad.status).toBe(400);
  expect(bad.body.data.map((f: { error_field: string }) => f.error_field).sort()).toEqual(['page_size', 'username']);
});
