import { createUser, setReputation, type TestUser } from '@agora/test-support/accounts';
import type { Stack } from '@agora/test-support/stack';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP } from './browser';
import { signedIn } from './session';

export interface Member extends TestUser {
  page: Page;
}

/**
 * A member with the reputation `rank` (privileges) in a browser context of their own,
 * signed in; dialogs the page raises (leave-page confirmations) are accepted.
 */
export async function memberPage(
  browser: Browser,
  stack: Stack,
  options: { rank?: number; roleId?: number; name?: string } = {},
): Promise<Member> {
  const user = await createUser(stack, { roleId: options.roleId, name: options.name });
  if (options.rank !== undefined) await setReputation(stack, user.id, options.rank);
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
  await signedIn(context, stack, user.email, user.password);
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  return { ...user, page };
}

/** A tiny valid PNG (1×1, transparent) to upload. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
