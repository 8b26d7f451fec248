import { Role } from '@agora/contracts';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  act,
  adminAct,
  answer,
  ask,
  comment,
  inbox,
  type Member,
  member,
  redDot,
  redDotShows,
  startWorld,
  waitFor,
} from './support/world';

let stack: Stack;
let asker: Member;
let answerer: Member;
let commenter: Member;
let dora: Member;
let moderator: Member;
let admin: Member;

beforeAll(async () => {
  stack = await startWorld();
  admin = await member(stack, { name: 'Admin', roleId: Role.admin });
  moderator = await member(stack, { name: 'Moderator', roleId: Role.moderator });
  asker = await member(stack, { name: 'Asker' });
  // Above the floor of 1, so that a down-vote costs the answerer something.
  answerer = await member(stack, { name: 'Answerer', reputation: 100 });
  commenter = await member(stack, { name: 'Commenter' });
  // Voting down takes 125 reputation at every level.
  dora = await member(stack, { name: 'Dora', reputation: 500 });
});

afterAll(async () => {
  await stack?.close();
});

/** A user's notifications (all inbox tabs, then achievements), by action. */
async function actionsOf(who: Member, type = 'inbox') {
  await stack.settle();
  return (await inbox(stack, who, { type })).list.map((n) => n.action);
}

describe('inbox notifications through the gateway', () => {
  it('tells the asker of answers, grouped per question with a count, and never the answerer', async () => {
    const q = await ask(stack, asker, 'How do notifications group answers?');
    const a1 = await answer(stack, answerer, q);
    await stack.settle();
    const first = await inbox(stack, asker);
    expect(first.count).toBe(1);
    expect(first.list[0]).toMatchObject({
      action: 'answer_the_question',
      notification_action: 'answered your question',
      count: 1,
      is_read: false,
      rank: 0,
      user_info: { id: answerer.id, username: answerer.username },
      object_info: {
        title: 'How do notifications group answers?',
        object_id: a1,
        object_type: 'answer',
        object_map: { question: q, answer: a1 },
      },
    });
    expect(await actionsOf(answerer)).toEqual([]);

    const a2 = await answer(stack, commenter, q, 'A second answer with enough text.');
    await stack.settle();
    const grouped = await inbox(stack, asker);
    expect(grouped.count).toBe(1);
    expect(grouped.list[0]).toMatchObject({
      count: 2,
      user_info: { id: commenter.id },
      object_info: { object_id: a2, object_map: { question: q, answer: a2 } },
    });
    expect(await redDotShows(stack, asker, { inbox: 1 })).toEqual({
      inbox: 1,
      achievement: 0,
      revision: 0,
      can_revision: true, // level 1: everyone may review edits
      badge_award: null,
    });

    // Read: the next answer opens a new notification and lights the red dot again.
    await act(stack, 'PUT', 'notification/read/state', asker.token, { id: grouped.list[0].id });
    expect((await redDot(stack, asker)).inbox).toBe(0);
    await answer(stack, dora, q, 'A third answer, after the read.');
    await stack.settle();
    await redDotShows(stack, asker, { inbox: 1 });
    const after = await inbox(stack, asker);
    expect(after.list.map((n) => [n.count, n.is_read])).toEqual([
      [1, false],
      [2, true],
    ]);
    // Answering one's own question tells nobody.
    await answer(stack, asker, q, 'The asker answers too.');
    await stack.settle();
    expect((await inbox(stack, asker)).count).toBe(2);
  });

  it('tells exactly one kind per person for a comment: reply, then mention, then comment on your post', async () => {
    const q = await ask(stack, asker, 'Which comment notifications are there?');
    const a = await answer(stack, answerer, q);
    await stack.settle();
    const before = {
      asker: (await inbox(stack, asker)).count,
      answerer: (await inbox(stack, answerer)).count,
      commenter: (await inbox(stack, commenter)).count,
      dora: (await inbox(stack, dora)).count,
    };
    const onQuestion = await comment(stack, commenter, q, 'A comment on the question itself.');
    const onAnswer = await comment(stack, commenter, a, 'A comment on the answer.');
    // The answerer replies to the commenter on their own answer and mentions Dora and the commenter.
    const reply = await comment(
      stack,
      answerer,
      a,
      `Thanks @${commenter.username}, and @${dora.username} may know more.`,
      onAnswer,
    );
    await stack.settle();

    const askerList = await inbox(stack, asker);
    expect(askerList.count).toBe(before.asker + 1);
    expect(askerList.list[0]).toMatchObject({
      action: 'comment_question',
      user_info: { id: commenter.id },
      object_info: { object_type: 'comment', object_id: onQuestion, object_map: { question: q, comment: onQuestion } },
    });
    const answererList = await inbox(stack, answerer);
    expect(answererList.count).toBe(before.answerer + 1);
    expect(answererList.list[0]).toMatchObject({
      action: 'comment_answer',
      object_info: { object_map: { question: q, answer: a, comment: onAnswer } },
    });
    const commenterList = await inbox(stack, commenter);
    expect(commenterList.count).toBe(before.commenter + 1);
    expect(commenterList.list[0]).toMatchObject({
      action: 'reply_to_you',
      user_info: { id: answerer.id },
      object_info: { object_id: reply },
    });
    const doraList = await inbox(stack, dora);
    expect(doraList.count).toBe(before.dora + 1);
    expect(doraList.list[0]).toMatchObject({ action: 'mention_you', object_info: { object_id: reply } });

    // Editing a comment to mention someone new tells only them.
    await act(stack, 'PUT', 'comment', commenter.token, {
      comment_id: onQuestion,
      original_text: `A comment on the question itself, cc @${dora.username}.`,
    });
    await stack.settle();
    expect((await inbox(stack, dora)).list.slice(0, 1).map((n) => [n.action, n.object_info.object_id])).toEqual([
      ['mention_you', onQuestion],
    ]);
    expect((await inbox(stack, asker)).count).toBe(before.asker + 1);
  });

  it('tells owners of votes once per voter and direction, down-votes anonymously, and reputation as achievements', async () => {
    const q = await ask(stack, asker, 'Votes and reputation changes');
    const a = await answer(stack, answerer, q);
    const c = await comment(stack, asker, a, 'A comment to be voted up.');
    // The votes service learns of new posts from posts' events.
    await stack.settle();
    await act(stack, 'POST', 'vote/up', dora.token, { object_id: q });
    await act(stack, 'POST', 'vote/down', dora.token, { object_id: a });
    await act(stack, 'POST', 'vote/up', dora.token, { object_id: c });
    // Undo and vote again: no second notification.
    await act(stack, 'POST', 'vote/up', dora.token, { object_id: q, is_cancel: true });
    await act(stack, 'POST', 'vote/up', dora.token, { object_id: q });
    await stack.settle();

    const votes = await inbox(stack, asker, { inbox_type: 'votes' });
    expect(votes.list.map((n) => [n.action, n.object_info.object_id, n.count])).toEqual([
      ['up_voted_comment', c, 1],
      ['up_voted_question', q, 1],
    ]);
    expect(votes.list[1]).toMatchObject({ notification_action: 'upvoted your question', user_info: { id: dora.id } });
    const down = await inbox(stack, answerer, { inbox_type: 'votes' });
    expect(down.list).toHaveLength(1);
    expect(down.list[0]).toMatchObject({ action: 'down_voted_answer', object_info: { object_id: a } });
    expect(down.list[0].user_info).toBeUndefined();
    expect(await actionsOf(dora)).not.toContain('up_voted_question');

    // Achievements: +10, −10 (undo) and +10 on the question, grouped while unread; −2 on the answer.
    const achievements = await inbox(stack, asker, { type: 'achievement' });
    expect(achievements.list.map((n) => [n.object_info.object_id, n.rank, n.count])).toEqual([[q, 10, 3]]);
    expect(achievements.list[0].user_info).toBeUndefined();
    expect((await inbox(stack, answerer, { type: 'achievement' })).list.map((n) => n.rank)).toEqual([-2]);
    // The voter's own −1 for voting down is no achievement of theirs.
    expect((await inbox(stack, dora, { type: 'achievement' })).count).toBe(0);
    await redDotShows(stack, asker, { achievement: 1 });

    // Accepting: the answerer hears it and gains 15; the asker's own +2 is not news to them.
    await act(stack, 'POST', 'answer/acceptance', asker.token, { question_id: q, answer_id: a });
    await stack.settle();
    expect((await inbox(stack, answerer)).list[0]).toMatchObject({
      action: 'accept_answer',
      user_info: { id: asker.id },
      object_info: { object_id: a, object_map: { question: q, answer: a } },
    });
    const answererAchievements = await inbox(stack, answerer, { type: 'achievement' });
    expect(answererAchievements.list.map((n) => n.rank)).toEqual([13]);
    expect((await inbox(stack, asker, { type: 'achievement' })).list.map((n) => n.rank)).toEqual([10]);
  });

  it('tells invitees, authors of edits by others, and authors whose posts others closed or deleted', async () => {
    const q = await ask(stack, asker, 'Invitations, edits and status actions');
    const a = await answer(stack, answerer, q);
    const c = await comment(stack, commenter, q, 'A comment a moderator will delete.');
    await act(stack, 'PUT', 'question/invite', asker.token, { id: q, invite_user: [dora.username] });
    await stack.settle();
    const invites = await inbox(stack, dora, { inbox_type: 'invites' });
    expect(invites.list.map((n) => [n.action, n.object_info.object_id])).toEqual([['invited_you_to_answer', q]]);
    expect(invites.list[0].notification_action).toBe('invited you to answer');
    // Inviting again someone already invited tells nobody.
    await act(stack, 'PUT', 'question/invite', asker.token, {
      id: q,
      invite_user: [dora.username, commenter.username],
    });
    await stack.settle();
    expect((await inbox(stack, dora, { inbox_type: 'invites' })).list[0].count).toBe(1);
    expect((await inbox(stack, commenter, { inbox_type: 'invites' })).count).toBe(1);

    const answererBefore = (await inbox(stack, answerer)).count;
    await act(stack, 'PUT', 'answer', moderator.token, { id: a, content: 'An answer improved by a moderator.' });
    await act(stack, 'PUT', 'question', moderator.token, {
      id: q,
      title: 'Invitations, edits and status actions (edited)',
      content: 'Body of the question, edited by a moderator.',
      tags: [{ slug_name: 'notify' }],
    });
    // The author editing their own answer tells the asker, not the author.
    await act(stack, 'PUT', 'answer', answerer.token, { id: a, content: 'The author edits the answer again.' });
    await act(stack, 'PUT', 'question/status', moderator.token, { id: q, close_type: 1, close_msg: 'Off topic' });
    await act(stack, 'DELETE', 'comment', moderator.token, { comment_id: c });
    await stack.settle();

    const askerPosts = (await inbox(stack, asker, { inbox_type: 'posts' })).list;
    expect(askerPosts.slice(0, 3).map((n) => [n.action, n.object_info.object_id, n.user_info?.id, n.count])).toEqual([
      ['your_question_is_closed', q, moderator.id, 1],
      ['update_answer', a, answerer.id, 2],
      ['update_question', q, moderator.id, 1],
    ]);
    // Titles follow the question's edits.
    expect(askerPosts[0].object_info.title).toBe('Invitations, edits and status actions (edited)');
    const answererList = await inbox(stack, answerer);
    expect(answererList.count).toBe(answererBefore + 1);
    expect(answererList.list[0]).toMatchObject({ action: 'update_answer', count: 1 });
    expect((await inbox(stack, commenter)).list[0]).toMatchObject({
      action: 'your_comment_was_deleted',
      object_info: { object_id: c, object_type: 'comment' },
    });
    expect(await actionsOf(moderator)).toEqual([]);

    await act(stack, 'DELETE', 'answer', moderator.token, { id: a });
    await act(stack, 'DELETE', 'question', admin.token, { id: q });
    await stack.settle();
    expect((await inbox(stack, answerer)).list[0]).toMatchObject({ action: 'your_answer_was_deleted' });
    expect((await inbox(stack, asker)).list[0]).toMatchObject({
      action: 'your_question_was_deleted',
      notification_action: 'deleted your question',
    });
  });

  it('tells suspended and deleted users nothing', async () => {
    const quiet = await member(stack, { name: 'Quiet' });
    const gone = await member(stack, { name: 'Gone' });
    const q = await ask(stack, quiet, 'Nothing for suspended users');
    // Polled once, so the session is held in memory: the suspension must still end it at once.
    expect((await redDot(stack, quiet)).inbox).toBe(0);
    await adminAct(stack, 'PUT', 'user/status', admin.token, {
      user_id: quiet.id,
      status: 'suspended',
      suspend_duration: '24h',
    });
    await adminAct(stack, 'PUT', 'user/status', admin.token, { user_id: gone.id, status: 'deleted' });
    await stack.settle();
    await waitFor(
      'the suspended session refused',
      async () => (await stack.call('GET', `${API}/notification/status`, { token: quiet.token })).status === 401,
      3000,
    );
    await answer(stack, commenter, q);
    await comment(stack, commenter, q, `Hello @${quiet.username} and @${gone.username}`);
    await stack.settle();
    const rows = await stack.query('select user_id from notifications.notifications where user_id = any($1)', [
      [quiet.id, gone.id],
    ]);
    expect(rows).toEqual([]);
  });

  it('counts red dots from one counter row, clears them, and marks all read', async () => {
    const reader = await member(stack, { name: 'Reader' });
    const q1 = await ask(stack, reader, 'Red dot question one');
    const q2 = await ask(stack, reader, 'Red dot question two');
    await answer(stack, answerer, q1);
    await answer(stack, answerer, q2);
    await act(stack, 'POST', 'vote/up', dora.token, { object_id: q1 });
    await stack.settle();
    await redDotShows(stack, reader, { inbox: 3, achievement: 1 });

    // Looking at the bell clears its red dot only; the items stay unread.
    const cleared = await act(stack, 'PUT', 'notification/status', reader.token, { type: 'inbox' });
    expect(cleared).toMatchObject({ inbox: 0, achievement: 1 });
    expect((await inbox(stack, reader)).list.every((n) => !n.is_read)).toBe(true);
    // Reading one that came before the look leaves the dot at zero; a new one after it counts.
    await act(stack, 'PUT', 'notification/read/state', reader.token, { id: (await inbox(stack, reader)).list[0].id });
    expect((await redDot(stack, reader)).inbox).toBe(0);
    await comment(stack, commenter, q2, 'A comment after the look.');
    await stack.settle();
    await redDotShows(stack, reader, { inbox: 1 });

    await act(stack, 'PUT', 'notification/read/state/all', reader.token, { type: 'inbox' });
    expect((await inbox(stack, reader)).list.every((n) => n.is_read)).toBe(true);
    expect(await redDot(stack, reader)).toMatchObject({ inbox: 0, achievement: 1 });
    await act(stack, 'PUT', 'notification/read/state/all', reader.token, { type: 'achievement' });
    expect(await redDot(stack, reader)).toMatchObject({ inbox: 0, achievement: 0 });
    const [counter] = await stack.query('select * from notifications.notification_counters where user_id = $1', [
      reader.id,
    ]);
    expect(counter).toMatchObject({ inbox: 0, achievement: 0 });
    // Polls are served from memory, yet a change of the row by any writer (another replica) shows.
    await stack.query('update notifications.notification_counters set inbox = 7 where user_id = $1', [reader.id]);
    await redDotShows(stack, reader, { inbox: 7 });
    await act(stack, 'PUT', 'notification/status', reader.token, { type: 'inbox' });

    // Someone else's notification cannot be read.
    const foreign = (await inbox(stack, asker)).list[0].id;
    const refused = await stack.call('PUT', '/answer/api/v1/notification/read/state', {
      token: reader.token,
      body: { id: foreign },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('The notification does not exist.');
  });

  it('checks every input and the caller', async () => {
    const bad = await stack.call('GET', '/answer/api/v1/notification/page?type=box&inbox_type=mail&page_size=0', {
      token: asker.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.map((e: { error_field: string }) => e.error_field).sort()).toEqual([
      'inbox_type',
      'page_size',
      'type',
    ]);
    expect((await stack.call('GET', '/answer/api/v1/notification/page', { token: asker.token })).body.data).toEqual([
      { error_field: 'type', error_msg: 'Type cannot be empty.' },
    ]);
    expect(
      (await stack.call('PUT', '/answer/api/v1/notification/status', { token: asker.token, body: { type: 'x' } })).body
        .data,
    ).toEqual([{ error_field: 'type', error_msg: 'Type is invalid.' }]);
    expect(
      (await stack.call('PUT', '/answer/api/v1/notification/read/state', { token: asker.token, body: { id: 'abc' } }))
        .status,
    ).toBe(400);
    expect((await stack.call('GET', '/answer/api/v1/notification/status')).status).toBe(401);
    // A session held in memory ends with its logout.
    const leaving = await member(stack, { name: 'Leaving' });
    expect((await redDot(stack, leaving)).inbox).toBe(0);
    await act(stack, 'GET', 'user/logout', leaving.token);
    await stack.settle();
    await waitFor(
      'the logged-out session refused',
      async () => (await stack.call('GET', `${API}/notification/status`, { token: leaving.token })).status === 401,
      3000,
    );
    const zh = await stack.call('GET', '/answer/api/v1/notification/page?type=inbox', {
      token: asker.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.data.list[0].notification_action).toBe('删除了你的问题');
  });

  it('gives the same inbox, read states and red dots when its projections are replayed from zero', async () => {
    const snapshot = async () => ({
      notifications: await stack.query(
        `select id, user_id, type, tab, action, group_key, object_id, object_type, question_id, trigger_user_id,
                count, rank, source, created_at, updated_at
         from notifications.notifications order by id`,
      ),
      reads: await stack.query('select * from notifications.notification_reads order by notification_id'),
      counters: await stack.query('select * from notifications.notification_counters order by user_id'),
      pages: await inbox(stack, asker),
    });
    await stack.settle();
    const live = await snapshot();
    expect(live.notifications.length).toBeGreaterThan(30);
    expect(live.reads.length).toBeGreaterThan(5);

    const projections = stack.service('notifications').projections;
    // What the inbox projections consult first: who could receive, and which tags are followed.
    await projections.rebuild('recipient-status');
    await projections.rebuild('tag-follows');
    await projections.waitForCatchUp();
    await projections.rebuild('inbox-from-posts');
    await projections.rebuild('inbox-from-votes');
    await projections.waitForCatchUp();
    expect(await snapshot()).toEqual(live);

    // Every red dot is the number of unread notifications opened after the user last looked.
    const mismatched = await stack.query(`
      select c.user_id from notifications.notification_counters c
      where c.inbox <> (select count(*) from notifications.notifications n
                        where n.user_id = c.user_id and n.type = 'inbox' and n.created_at > c.inbox_cleared_at
                          and not exists (select 1 from notifications.notification_reads r where r.notification_id = n.id))`);
    expect(mismatched).toEqual([]);
  });
});
