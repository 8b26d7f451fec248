import { Role } from '@agora/contracts';
import { tagsService } from '@agora/tags';
import { freePort } from '@agora/test-support/ports';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '@agora/test-support/smtp-test-server';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DigestWorker } from '../src/mail/digest-worker';
import { UnsubscribeCodes } from '../src/mail/unsubscribe-codes';
import { act, answer, ask, comment, inbox, type Member, member, startWorld, waitFor } from './support/world';

let stack: Stack;
let smtp: TestSmtpServer;
let port: number;
let moderator: Member;
let asker: Member;
let answerer: Member;

beforeAll(async () => {
  port = await freePort();
  smtp = await startSmtpServer({ port });
  stack = await startWorld({
    extra: [tagsService],
    env: { AGORA_SMTP_URL: `smtp://127.0.0.1:${port}` },
    // The service's own digest pass runs at start only; the digest test drives one with its own clock.
    notifications: { digest: { intervalMs: 3_600_000 } },
  });
  moderator = await member(stack, { name: 'Moderator', roleId: Role.moderator });
  asker = await member(stack, { name: 'Asker', email: 'asker@mail.test' });
  answerer = await member(stack, { name: 'Answerer', email: 'answerer@mail.test' });
  // The tags the tests follow exist once a question carries them (the tags service makes them).
  await ask(stack, moderator, 'Seeding the tags of these tests', ['mailtag', 'othertag']);
  await stack.settle();
});

afterAll(async () => {
  await stack?.close();
  await smtp?.close();
});

const mailsTo = (address: string): ReceivedMail[] => smtp.received.filter((r) => r.recipients.includes(address));

/** Waits until `address` has `count` mails, then a little longer to see that no more come. */
async function expectMails(address: string, count: number): Promise<ReceivedMail[]> {
  await stack.settle();
  if (count > 0) await waitFor(`${count} mails to ${address}`, () => mailsTo(address).length >= count);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(mailsTo(address)).toHaveLength(count);
  return mailsTo(address);
}

function unsubscribeCode(mail: ReceivedMail): string {
  const code = /\/users\/unsubscribe\?code=([^\s"<]+)/.exec(mail.mail.text ?? '')?.[1];
  if (!code) throw new Error('no unsubscribe link in the mail');
  return decodeURIComponent(code);
}

describe('notification e-mail', () => {
  it('mails answers, comments, replies and invitations once, in the recipient language, never to the actor', async () => {
    await act(stack, 'PUT', 'user/interface', asker.token, { language: 'zh_CN' });
    // The language travels from identity to notifications apart from the posts' events: let it arrive.
    await stack.settle();
    const q = await ask(stack, asker, 'Mail me when someone answers');
    const a = await answer(stack, answerer, q, 'Here is **the** answer you wanted.');
    const [mail] = await expectMails('asker@mail.test', 1);
    expect(mail!.mail.subject).toBe('[Agora] 你的问题“Mail me when someone answers”有了新回答');
    expect(mail!.mail.text).toContain('回答了你的问题“Mail me when someone answers”');
    expect(mail!.mail.text).toContain('> Here is the answer you wanted.');
    expect(mail!.mail.text).toContain(`http://agora.test/questions/${q}/mail-me-when-someone-answers/${a}`);
    expect(mail!.mail.html).toContain('/users/unsubscribe?code=');
    expect(mailsTo('answerer@mail.test')).toHaveLength(0);

    // A comment on the answer mails its author; the reply mails the commenter; a mention mails nobody.
    const c = await comment(stack, asker, a, `Thanks! cc @${moderator.username}`);
    const [commented] = await expectMails('answerer@mail.test', 1);
    expect(commented!.mail.subject).toBe('[Agora] New comment on your answer to "Mail me when someone answers"');
    expect(commented!.mail.text).toContain(`?commentId=${c}`);
    await comment(stack, answerer, a, 'You are welcome, glad it helped.', c);
    const replies = await expectMails('asker@mail.test', 2);
    expect(replies[1]!.mail.subject).toBe('[Agora] Answerer 在“Mail me when someone answers”中回复了你');
    await act(stack, 'PUT', 'question/invite', asker.token, { id: q, invite_user: [answerer.username] });
    const invited = await expectMails('answerer@mail.test', 2);
    expect(invited[1]!.mail.subject).toBe('[Agora] Asker invited you to answer "Mail me when someone answers"');
    expect(mailsTo(moderator.email)).toHaveLength(0);
  });

  it('switches e-mail on and off with the settings, validates them, and unsubscribes by link', async () => {
    const reader = await member(stack, { name: 'Reader', email: 'reader@mail.test' });
    const config = await act(stack, 'GET', 'user/notification/config', reader.token);
    expect(config).toEqual({
      inbox: { key: 'email', enable: true },
      all_new_question: { key: 'email', enable: false },
      all_new_question_for_following_tags: { key: 'email', enable: false },
      digest: 'off',
    });
    const bad = await stack.call('PUT', '/answer/api/v1/user/notification/config', {
      token: reader.token,
      body: { inbox: { key: 'email', enable: 'maybe' }, digest: 'hourly' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['digest', 'inbox.enable']);

    const q = await ask(stack, reader, 'Settings decide what is mailed');
    await act(stack, 'PUT', 'user/notification/config', reader.token, { inbox: { key: 'email', enable: false } });
    await answer(stack, answerer, q, 'An answer while mail is off.');
    await expectMails('reader@mail.test', 0);
    // The inbox still has it: settings switch only the mail.
    expect((await inbox(stack, reader)).list[0]).toMatchObject({ action: 'answer_the_question' });

    await act(stack, 'PUT', 'user/notification/config', reader.token, { inbox: { enable: true } });
    await answer(stack, moderator, q, 'An answer while mail is on.');
    const [mail] = await expectMails('reader@mail.test', 1);

    // One click, no sign-in: the mail's source goes off.
    const code = unsubscribeCode(mail!);
    expect((await stack.call('PUT', '/answer/api/v1/user/notification/unsubscribe', { body: { code } })).status).toBe(
      200,
    );
    expect((await act(stack, 'GET', 'user/notification/config', reader.token)).inbox.enable).toBe(false);
    await comment(stack, answerer, q, 'A comment nobody is mailed about.');
    await expectMails('reader@mail.test', 1);
    // Using the link again is harmless; a forged or mangled code is refused.
    expect((await stack.call('PUT', '/answer/api/v1/user/notification/unsubscribe', { body: { code } })).status).toBe(
      200,
    );
    const forged = code.replace(/^\d+/, answerer.id);
    const refused = await stack.call('PUT', '/answer/api/v1/user/notification/unsubscribe', { body: { code: forged } });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ type: 'url_expired' });
    expect((await act(stack, 'GET', 'user/notification/config', answerer.token)).inbox.enable).toBe(true);
    const empty = await stack.call('PUT', '/answer/api/v1/user/notification/unsubscribe', { body: { code: '' } });
    expect(empty.body.data).toEqual([{ error_field: 'code', error_msg: 'Code cannot be empty.' }]);
  });

  it('mails new questions to subscribers and followers of their tags, capped at 50 a week for all questions', async () => {
    const everything = await member(stack, { name: 'Everything', email: 'everything@mail.test' });
    const follower = await member(stack, { name: 'Follower', email: 'follower@mail.test' });
    await act(stack, 'PUT', 'user/notification/config', everything.token, {
      all_new_question: { key: 'email', enable: true },
    });
    await act(stack, 'PUT', 'user/notification/config', follower.token, {
      all_new_question_for_following_tags: { key: 'email', enable: true },
    });
    await act(stack, 'PUT', 'follow/tags', follower.token, { slug_name_list: ['mailtag'] });
    await stack.settle();

    await ask(stack, asker, 'A new question in a followed tag', ['mailtag']);
    await ask(stack, asker, 'A new question in another tag', ['othertag']);
    await ask(stack, everything, 'The subscriber asks: not mailed to themselves', ['othertag']);
    const all = await expectMails('everything@mail.test', 2);
    expect(all.map((m) => m.mail.subject)).toEqual([
      '[Agora] New question: A new question in a followed tag',
      '[Agora] New question: A new question in another tag',
    ]);
    const followed = await expectMails('follower@mail.test', 1);
    expect(followed[0]!.mail.subject).toBe('[Agora] New question in mailtag: A new question in a followed tag');
    expect(followed[0]!.mail.text).toContain('a tag you follow');

    // The weekly cap: 48 more notices this week make 50; the next question is not mailed.
    await stack.query(
      `insert into notifications.new_question_notices (user_id, question_id, via, at)
       select $1, 'earlier-' || n, 'all', now() - interval '1 day' from generate_series(1, 47) as n`,
      [everything.id],
    );
    await ask(stack, asker, 'The fiftieth question this week', ['othertag']);
    await ask(stack, asker, 'The fifty-first question this week', ['mailtag']);
    const capped = await expectMails('everything@mail.test', 3);
    expect(capped[2]!.mail.subject).toBe('[Agora] New question: The fiftieth question this week');
    // Followed tags are not capped.
    await expectMails('follower@mail.test', 2);
  });

  it('gathers mail into one daily digest for those who ask for it', async () => {
    const busy = await member(stack, { name: 'Busy', email: 'busy@mail.test' });
    await act(stack, 'PUT', 'user/notification/config', busy.token, { digest: 'daily' });
    const q = await ask(stack, busy, 'A question for the digest');
    await answer(stack, answerer, q, 'First answer for the digest.');
    await answer(stack, moderator, q, 'Second answer for the digest.');
    await expectMails('busy@mail.test', 0);

    const context = stack.service('notifications').context;
    let now = Date.now();
    const digests = new DigestWorker({
      db: context.database.db,
      config: context.config,
      log: context.log,
      codes: new UnsubscribeCodes(context.database.db),
      onQueued: () => {},
      settings: { now: () => now },
    });
    expect(await digests.runOnce()).toBe(0); // not a day yet
    now += 24 * 60 * 60 * 1000 + 1000;
    expect(await digests.runOnce()).toBe(1);
    expect(await digests.runOnce()).toBe(0);
    const [digest] = await expectMails('busy@mail.test', 1);
    expect(digest!.mail.subject).toBe('[Agora] Your daily summary: 2 updates');
    expect(digest!.mail.text).toContain('Answerer answered your question "A question for the digest".');
    expect(digest!.mail.text).toContain('Moderator answered your question "A question for the digest".');
    expect(digest!.mail.text).toContain('/users/unsubscribe?code=');

    // The next item waits for the next day; switching the digest off sends what waits at once.
    await answer(stack, asker, q, 'Third answer, after the digest.');
    await stack.settle();
    now += 60 * 60 * 1000;
    expect(await digests.runOnce()).toBe(0);
    await act(stack, 'PUT', 'user/notification/config', busy.token, { digest: 'off' });
    expect(await digests.runOnce()).toBe(1);
    const both = await expectMails('busy@mail.test', 2);
    expect(both[1]!.mail.subject).toBe('[Agora] Your daily summary: 1 update');
  });

  it('keeps mail while the SMTP server is down and delivers each exactly once when it is back', async () => {
    const waiting = await member(stack, { name: 'Waiting', email: 'waiting@mail.test' });
    const q = await ask(stack, waiting, 'Mail while the server is down');
    await smtp.close();
    const answerers = [answerer, moderator, asker, await member(stack, { name: 'Fourth' })];
    for (const [i, who] of answerers.entries()) await answer(stack, who, q, `Answer number ${i} while down.`);
    await stack.settle();
    // The inbox does not wait for the mail server.
    expect((await inbox(stack, waiting)).list[0]).toMatchObject({ count: 4 });
    await waitFor('failed attempts', async () => {
      const rows = await stack.query(
        `select attempts from notifications.mail_outbox where recipient = 'waiting@mail.test' and status = 'pending'`,
      );
      return rows.length === 4 && rows.every((r) => r.attempts >= 2);
    });
    smtp = await startSmtpServer({ port });
    await waitFor('every mail', () => mailsTo('waiting@mail.test').length >= 4);
    await waitFor('rows marked sent', async () => {
      const rows = await stack.query(
        `select status from notifications.mail_outbox where recipient = 'waiting@mail.test'`,
      );
      return rows.every((r) => r.status === 'sent');
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mails = mailsTo('waiting@mail.test');
    expect(mails).toHaveLength(4);
    expect(new Set(mails.map((m) => m.mail.text?.match(/Answer number \d/)?.[0])).size).toBe(4);
    expect(smtp.received.flatMap((r) => r.recipients)).toEqual(Array(4).fill('waiting@mail.test'));
  });
});
