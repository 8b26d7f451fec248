/**
 * A site made without the installer (issue 42): its contact e-mail, empty until someone gives one, becomes the first
 * admin's, so the General page, which requires it, saves as it opens. A member, a later admin and a replay change
 * nothing; an address the admin typed is kept.
 */
import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { createUser, login } from '@agora/test-support/accounts';
import { eventually } from '@agora/test-support/eventually';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteService } from '../src/service';

const ADMIN = '/answer/admin/api';
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService] });
});

afterAll(async () => {
  await stack?.close();
});

const contact = async () => (await stack.service('site').context.siteSettings()).general.contact_email;

describe('the contact e-mail of a site made without the installer', () => {
  it('is the first admin’s, and the General page saves as it opens', async () => {
    await createUser(stack, { email: 'member@example.com' });
    await stack.settle();
    expect(await contact()).toBe('');
    const first = await createUser(stack, { roleId: Role.admin, email: 'first.admin@example.com' });
    await eventually(async () => (await contact()) === 'first.admin@example.com');
    // Only the address changes: the site's address stays the one it is served at.
    const site = stack.service('site').context;
    expect((await site.siteSettings()).general.site_url).toBe(site.config.siteUrl);
    await createUser(stack, { roleId: Role.admin, email: 'second.admin@example.com' });
    await stack.settle();
    expect(await contact()).toBe('first.admin@example.com');

    const token = await login(stack, first);
    const general = (await stack.call('GET', `${ADMIN}/siteinfo/general`, { token })).body.data;
    expect(general.contact_email).toBe('first.admin@example.com');
    const saved = await stack.call('PUT', `${ADMIN}/siteinfo/general`, {
      token,
      body: { ...general, name: 'Harbour' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('keeps an address the admin typed, through a rebuild of the saga', async () => {
    const admin = await login(stack, await createUser(stack, { roleId: Role.admin }));
    const general = (await stack.call('GET', `${ADMIN}/siteinfo/general`, { token: admin })).body.data;
    await stack.call('PUT', `${ADMIN}/siteinfo/general`, {
      token: admin,
      body: { ...general, contact_email: 'desk@harbour.test' },
    });
    await stack.service('site').projections.rebuild('contact-from-first-admin');
    await stack.settle();
    expect(await contact()).toBe('desk@harbour.test');
  });
});
