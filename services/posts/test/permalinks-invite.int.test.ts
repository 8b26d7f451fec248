import { setTimeout as sleep } from 'node:timers/promises';
import { defaultSiteSettings, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { toShortId } from '@agora/platform';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createUser, login, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

let stack: Stack;
const API = '/answer/api/v1';
let author: TestUser;
let token: string;
let moderator: string;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  author = await createUser(stack, { name: 'Question Author' });
  token = await login(stack, author);
  moderator = await login(stack, await createUser(stack, { roleId: Role.moderator }));
  // Every service has heard of the new members before they post: the seeding ask below must succeed.
  await stack.settle();
  const seeded = await stack.call('POST', `${API}/question`, {
    token: moderator,
    body: { title: 'Seeding a known tag', content: 'Seed body text', tags: [{ slug_name: 'permalinks' }] },
  });
  expect(seeded.status).toBe(200);
  await stack.settle();
});
afterAll(async () => {
  await stack?.close();
});

describe('asking with an answer', () => {
  it("creates the question and the asker's own answer at once", async () => {
    const response = await stack.call('POST', `${API}/question/answer`, {
      token,
      body: {
        title: 'Self-answered question here',
        content: 'I found out how.',
        tags: [{ slug_name: 'permalinks' }],
        answer_content: 'Like this, in detail.',
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.question).toMatchObject({ title: 'Self-answered question here', answer_count: 1 });
    expect(response.body.data.info).toMatchObject({
      question_id: response.body.data.question.id,
      content: 'Like this, in detail.',
      user_info: { id: author.id },
    });
    const short = await stack.call('POST', `${API}/question/answer`, {
      token,
      body: {
        title: 'Another self-answered one',
        content: 'Body text here',
        tags: [{ slug_name: 'permalinks' }],
        answer_content: 'tiny',
      },
    });
    expect(short.body.data).toEqual([
      { error_field: 'answer_content', error_msg: 'Answer content must be at least 6 characters.' },
    ]);
  });
});

describe('permalinks', () => {
  it('accepts short ids everywhere, and answers with short ids when the permalink setting asks for them', async () => {
    const q = (
      await stack.call('POST', `${API}/question`, {
        token,
        body: { title: 'Short or long ids?', content: 'Both must work.', tags: [{ slug_name: 'permalinks' }] },
      })
    ).body.data;
    const short = toShortId(q.id);
    expect(short).toMatch(/^D1/);
    expect((await stack.call('GET', `${API}/question/info?id=${short}`)).body.data.id).toBe(q.id);

    await updateSettingsGroup(
      stack.service('site').context,
      { group: 'seo', values: { ...defaultSiteSettings('http://agora.test').seo, permalink: 3 } },
      null,
    );
    await stack.settle();
    await sleep(1100);
    const shown = await stack.call('GET', `${API}/question/info?id=${q.id}`);
    expect(shown.body.data.id).toBe(short);
    expect(shown.body.data.url_title).toBe('short-or-long-ids');
    const answer = await stack.call('POST', `${API}/answer`, {
      token: moderator,
      body: { question_id: short, content: 'Both forms resolve.' },
    });
    expect(answer.body.data.info.id).toMatch(/^E1/);
    expect(answer.body.data.info.question_id).toBe(short);
    const list = await stack.call('GET', `${API}/question/page?order=newest`);
    expect(list.body.data.list[0].id).toBe(short);
    // Other ids (users) keep their long form.
    expect(list.body.data.list[0].operator.id).toBe(author.id);
    await updateSettingsGroup(
      stack.service('site').context,
      { group: 'seo', values: defaultSiteSettings('http://agora.test').seo },
      null,
    );
    await stack.settle();
    await sleep(1100);
    expect((await stack.call('GET', `${API}/question/info?id=${short}`)).body.data.id).toBe(q.id);
  });
});

describe('invitations to answer', () => {
  it('lets the author invite users, lists them, and refuses unknown users and strangers without the privilege', async () => {
    const invitee = await createUser(stack, { name: 'Invited Expert' });
    const stranger = await login(stack, await createUser(stack));
    await stack.settle();
    const q = (
      await stack.call('POST', `${API}/question`, {
        token,
        body: { title: 'Who knows about this?', content: 'Please help me.', tags: [{ slug_name: 'permalinks' }] },
      })
    ).body.data;
    expect(
      (
        await stack.call('PUT', `${API}/question/invite`, {
          token,
          body: { id: q.id, invite_user: [invitee.username] },
        })
      ).status,
    ).toBe(200);
    const listed = await stack.call('GET', `${API}/question/invite?id=${q.id}`);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: invitee.id, username: invitee.username, display_name: 'Invited Expert' }),
    ]);
    const unknown = await stack.call('PUT', `${API}/question/invite`, {
      token,
      body: { id: q.id, invite_user: ['no-such-person'] },
    });
    expect(unknown.body.data).toEqual([{ error_field: 'invite_user', error_msg: 'User not found.' }]);
    expect(
      (
        await stack.call('PUT', `${API}/question/invite`, {
          token: stranger,
          body: { id: q.id, invite_user: [invitee.username] },
        })
      ).status,
    ).toBe(403);
    const [event] = await stack.query(
      "select data from posts.events where stream_id = $1 and type = 'posts.invitations_updated'",
      [q.id],
    );
    expect(event.data).toMatchObject({ user_ids: [invitee.id], added: [invitee.id] });
  });
});
