import { Role } from '@agora/contracts';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, call, type Member, member, ok, startModerationStack } from './support/stack';

let stack: Stack;
let someone: Member;
let adminUser: Member;

beforeAll(async () => {
  stack = await startModerationStack();
  someone = await member(stack, { name: 'Reason Reader' });
  adminUser = await member(stack, { name: 'Reason Admin', roleId: Role.admin });
});

afterAll(async () => {
  await stack?.close();
});

describe('reasons', () => {
  it('lists the flag reasons of a question, field for field, in en_US', async () => {
    const list = await ok(stack, 'GET', 'reasons?object_type=question&action=flag', someone.token);
    expect(list.map((r: { reason_key: string }) => r.reason_key)).toEqual([
      'reason.spam',
      'reason.rude_or_abusive',
      'reason.something',
      'reason.a_duplicate',
    ]);
    expect(list[3]).toEqual({
      reason_key: 'reason.a_duplicate',
      reason_type: 60,
      name: 'a duplicate',
      description: 'This question has been asked before and already has an answer.',
      content_type: 'text',
      placeholder: 'Enter the existing question link',
    });
    expect(list[2].content_type).toBe('textarea');
  });

  it('answers in zh_CN when asked to', async () => {
    const response = await stack.call('GET', '/answer/api/v1/reasons?object_type=answer&action=flag', {
      token: someone.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.map((r: { name: string }) => r.name)).toEqual([
      '垃圾信息',
      '粗鲁或辱骂',
      '其他原因',
      '不是答案',
    ]);
  });

  it('offers each object its own lists: close, status, review; and a member may be flagged', async () => {
    const names = async (objectType: string, action: string) =>
      (await ok(stack, 'GET', `reasons?object_type=${objectType}&action=${action}`, someone.token)).map(
        (r: { reason_key: string }) => r.reason_key,
      );
    expect(await names('question', 'close')).toEqual([
      'reason.a_duplicate',
      'reason.community_specific',
      'reason.not_clarity',
      'reason.something',
    ]);
    expect(await names('comment', 'flag')).toContain('reason.no_longer_needed');
    expect(await names('user', 'status')).toEqual([
      'reason.normal.user',
      'reason.suspended',
      'reason.deleted.user',
      'reason.inactive',
    ]);
    expect(await names('answer', 'review')).toEqual(['reason.looks_ok', 'reason.needs_edit', 'reason.needs_delete']);
    expect(await names('user', 'flag')).toEqual(['reason.spam', 'reason.rude_or_abusive', 'reason.something']);
    // A pair that offers nothing answers an empty list.
    expect(await names('comment', 'close')).toEqual([]);
  });

  it('serves the admin list to admins only', async () => {
    const list = await ok(stack, 'GET', `${ADMIN_API}/reasons?object_type=question&action=status`, adminUser.token);
    expect(list.map((r: { reason_type: number }) => r.reason_type)).toEqual([65, 67, 68]);
    expect(
      (await call(stack, 'GET', `${ADMIN_API}/reasons?object_type=question&action=status`, someone.token)).status,
    ).toBe(403);
  });

  it('refuses an unknown object type or action per field, and anonymous callers', async () => {
    const bad = await call(stack, 'GET', 'reasons?object_type=tag&action=flag', someone.token);
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([expect.objectContaining({ error_field: 'object_type' })]);
    const badAction = await call(stack, 'GET', 'reasons?object_type=question&action=bury', someone.token);
    expect(badAction.body.data).toEqual([expect.objectContaining({ error_field: 'action' })]);
    expect((await call(stack, 'GET', 'reasons?object_type=question&action=flag')).status).toBe(401);
  });
});
