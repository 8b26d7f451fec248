/**
 * The admin's API keys and MCP pages in Chromium (issue 42 items 1 and 2): an empty list, the add dialog's
 * messages, a key created and shown whole once (copied from its dialog), then only masked; the MCP server turned
 * on from its page, which then shows its URL and header; the key answering an MCP request, renamed, revoked after a
 * confirmation, and refused from then on; a list that could not be read and is tried again; both pages in the
 * admin menu, for admins only. en_US and zh_CN, desktop and mobile screenshots (test-results/web/).
 */

import { assistantService } from '@agora/assistant';
import { API_KEY_PATTERN } from '@agora/contracts';
import { login } from '@agora/test-support/accounts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { type Member, memberPage } from './support/members';
import { shoot } from './support/screens';
import { signedIn } from './support/session';
import { startWebStack, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const ADMIN_API = '/answer/admin/api';

describe.skipIf(!chromiumPath() && !required)('admin API keys and MCP pages in Chromium', { timeout: 180_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let admin: Member;
  let adminToken: string;
  let key = '';

  const open = (page: Page, path: string) => page.goto(`${web.url}${path}`);
  /** `tools/list` over MCP's Streamable HTTP with this key: the status it is answered with, and the body. */
  const listTools = async (apiKey: string) => {
    const response = await fetch(`${web.url}/answer/api/v1/mcp`, {
      method: 'POST',
      headers: {
        authorization: apiKey,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
  };
  const masked = (full: string) => `${full.slice(0, 7)}********${full.slice(-4)}`;

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebStack({ services: [assistantService] }), launchChromium()]);
    admin = await memberPage(browser, web.stack, { roleId: 2, name: 'Keys Admin' });
    adminToken = await login(web.stack, admin);
    await web.stack.settle();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('shows no keys, checks the description, and shows a new key whole once, then masked', async () => {
    const { page } = admin;
    await open(page, '/admin/api-keys');
    await page.getByTestId('api-keys-none').waitFor();
    await shoot(page, 'admin-api-keys-empty');

    await page.getByTestId('api-key-add-open').click();
    const dialog = page.getByTestId('api-key-add');
    await dialog.getByTestId('api-key-add-submit').click();
    await dialog.getByText('Description cannot be empty.').waitFor();
    await dialog.getByTestId('api-key-description').fill('x'.repeat(151));
    await dialog.getByTestId('api-key-add-submit').click();
    await dialog.getByText('Description must be at most 150 characters.').waitFor();
    await dialog.getByTestId('api-key-description').fill('Harbour agent');
    await dialog.getByTestId('api-key-scope-global').click();
    await shoot(page, 'admin-api-key-add');
    await dialog.getByTestId('api-key-add-submit').click();

    const created = page.getByTestId('api-key-created');
    await created.getByText('will not be shown again', { exact: false }).waitFor();
    key = await created.getByTestId('api-key-value').inputValue();
    expect(key).toMatch(API_KEY_PATTERN);
    await created.getByTestId('api-key-copy').click();
    await created.getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shoot(page, 'admin-api-key-created');
    // Only its button closes it: a stray click beside it keeps the key on screen.
    await page.mouse.click(5, 5);
    await created.waitFor();
    await created.getByTestId('api-key-created-done').click();
    await created.waitFor({ state: 'detached' });

    const table = page.getByTestId('admin-api-keys');
    const row = table.locator('tbody tr').filter({ hasText: 'Harbour agent' });
    // The key column (narrow screens show the key under the description instead).
    await row.locator('code:visible', { hasText: masked(key) }).waitFor();
    await row.getByText('Global').waitFor();
    expect(await page.content()).not.toContain(key);
    await page.reload();
    await row.locator('code:visible', { hasText: masked(key) }).waitFor();
    expect(await page.content()).not.toContain(key);
    await shoot(page, 'admin-api-keys');
  });

  it('turns the MCP server on from the admin menu, shows how to connect, and the key works', async () => {
    expect((await listTools(key)).status).toBe(403);
    const { page } = admin;
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'MCP' }).click();
    const mcp = page.getByTestId('admin-mcp');
    await mcp.getByText('Off: every MCP request is refused.').waitFor();
    expect(await page.getByTestId('mcp-url').count()).toBe(0);
    await shoot(page, 'admin-mcp-off');

    await page.getByTestId('mcp-switch').locator('input').click();
    await page.getByText('The MCP server is on.').first().waitFor();
    await expect.poll(() => page.getByTestId('mcp-url').inputValue()).toMatch(/\/answer\/api\/v1\/mcp\/sse$/);
    expect(await page.getByTestId('mcp-http_header').inputValue()).toBe('Authorization={key}');
    expect(await page.getByTestId('mcp-type').inputValue()).toBe('Server-Sent Event (SSE)');
    await page.getByTestId('mcp-how').getByRole('link', { name: 'API keys' }).waitFor();
    await page.getByTestId('mcp-copy-url').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/answer\/api\/v1\/mcp\/sse$/);
    await shoot(page, 'admin-mcp');

    const answer = await listTools(key);
    expect(answer.status).toBe(200);
    expect((answer.body.result as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
  });

  it('renames the key, and revokes it after a confirmation: the MCP server refuses it from then on', async () => {
    const { page } = admin;
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'API keys' }).click();
    const table = page.getByTestId('admin-api-keys');
    await table.getByText('Harbour agent').waitFor();

    await table.getByTestId('api-key-actions').click();
    await page.getByTestId('api-key-edit-open').click();
    const edit = page.getByTestId('api-key-edit');
    await edit.getByTestId('api-key-description').fill('');
    await edit.getByTestId('api-key-edit-submit').click();
    await edit.getByText('Description cannot be empty.').waitFor();
    await edit.getByTestId('api-key-description').fill('Harbour agent, renamed');
    await edit.getByTestId('api-key-edit-submit').click();
    await table.getByText('Harbour agent, renamed').waitFor();
    const [stored] = (await web.stack.call('GET', `${ADMIN_API}/api-key/all`, { token: adminToken })).body.data;
    expect(stored.description).toBe('Harbour agent, renamed');
    // The key was used a moment ago: the list says so.
    expect(stored.last_used_at).toBeGreaterThanOrEqual(stored.created_at);

    await table.getByTestId('api-key-actions').click();
    await page.getByTestId('api-key-revoke-open').click();
    const revoke = page.getByTestId('api-key-revoke');
    await revoke.getByText(masked(key), { exact: false }).waitFor();
    await shoot(page, 'admin-api-key-revoke');
    await revoke.getByTestId('api-key-revoke-confirm').click();
    await page.getByTestId('api-keys-none').waitFor();
    expect((await listTools(key)).status).toBe(401);
  });

  it('says when the list could not be read, and reads it again', async () => {
    const { page } = admin;
    await page.route('**/answer/admin/api/api-key/all', (route) => route.abort('failed'));
    await open(page, '/admin/api-keys');
    const error = page.getByTestId('api-keys-error');
    await error.getByText('This could not be loaded.', { exact: false }).waitFor();
    await shoot(page, 'admin-api-keys-error');
    await page.unroute('**/answer/admin/api/api-key/all');
    await error.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('admin-api-keys').waitFor();
    expect(await error.count()).toBe(0);
  });

  it('shows a member the 403 page', async () => {
    const member = await memberPage(browser, web.stack, { name: 'Keys Member' });
    for (const path of ['/admin/api-keys', '/admin/mcp']) {
      await open(member.page, path);
      await member.page.getByTestId('error-page-403').waitFor();
    }
    await member.page.context().close();
  });

  it('speaks zh_CN', async () => {
    await web.stack.call('POST', `${ADMIN_API}/api-key`, {
      token: adminToken,
      body: { description: 'Lighthouse reader', scope: 'read-only' },
    });
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    await signedIn(context, web.stack, admin.email, admin.password);
    const page = await context.newPage();
    await open(page, '/admin/api-keys');
    await page.getByRole('heading', { name: 'API 密钥', level: 1 }).waitFor();
    const row = page.getByTestId('admin-api-keys').locator('tbody tr').filter({ hasText: 'Lighthouse reader' });
    await row.getByText('只读').waitFor();
    await shoot(page, 'admin-api-keys-zh_CN');
    await page.getByTestId('api-key-add-open').click();
    await page.getByTestId('api-key-add').getByTestId('api-key-add-submit').click();
    await page.getByTestId('api-key-add').getByText('描述不能为空。').waitFor();
    await shoot(page, 'admin-api-key-add-zh_CN');
    await open(page, '/admin/mcp');
    await page.getByRole('heading', { name: '如何连接' }).waitFor();
    await shoot(page, 'admin-mcp-zh_CN');
    await context.close();
  });
});
