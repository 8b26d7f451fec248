import { PostStatus } from '@agora/contracts';
import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import {
  type FlagEvent,
  flagDecider,
  type HandleCommand,
  OPERATIONS_BY_TYPE,
  type ReportCommand,
} from '../src/domain/flag/decider';
import type { FlaggedObject } from '../src/domain/flag/facts';

const given = givenWhen(flagDecider);

const question: FlaggedObject = {
  objectId: 'q1',
  objectType: 'question',
  questionId: 'q1',
  userId: 'author',
  status: PostStatus.available,
  title: 'How do flags work here?',
  content: 'The question body.',
  tags: [{ slug_name: 'flags', display_name: 'flags' }],
};
const answer: FlaggedObject = { ...question, objectId: 'a1', objectType: 'answer', title: '' };
const comment: FlaggedObject = { ...question, objectId: 'c1', objectType: 'comment', title: '' };
const person: FlaggedObject = { ...question, objectId: 'u9', objectType: 'user', questionId: '', userId: 'u9' };

const report = (over: Partial<ReportCommand> = {}): ReportCommand => ({
  type: 'report',
  flagId: 'f1',
  reporterId: 'reporter',
  object: question,
  reasonType: 57,
  content: '',
  ...over,
});

const reported = (over: Partial<ReportCommand> = {}): FlagEvent => {
  const [event] = given().when(report(over));
  if (!event) throw new Error('no flag');
  return event;
};

const handle = (over: Partial<HandleCommand> = {}): HandleCommand => ({
  type: 'handle',
  flagId: 'f1',
  handlerId: 'mod',
  handlerIsAdmin: false,
  operation: 'ignore_report',
  closeType: 0,
  closeMsg: '',
  title: '',
  content: '',
  tags: [],
  object: question,
  suspendedUntil: '2099-12-31T23:59:59.000Z',
  ...over,
});

describe('raising a flag', () => {
  it('records the flag with its reason, the object and who flagged it', () => {
    expect(given().when(report({ content: '  ' }))).toEqual([
      {
        type: 'moderation.flag_reported',
        data: {
          flag_id: 'f1',
          object_id: 'q1',
          object_type: 'question',
          question_id: 'q1',
          object_user_id: 'author',
          reporter_id: 'reporter',
          reason_type: 57,
          content: '',
        },
      },
    ]);
  });

  it('refuses an object it does not know, or one deleted: 404', () => {
    expect(refusal(() => given().when(report({ object: null }))).status).toBe(404);
    const gone = refusal(() => given().when(report({ object: { ...question, status: PostStatus.deleted } })));
    expect([gone.status, gone.messageKey]).toEqual([404, 'error.object.not_found']);
  });

  it("refuses a reason the object's flag list does not offer, on report_type", () => {
    // 61 "not an answer" is an answer's reason, not a question's; 63 is a close reason.
    for (const reasonType of [61, 63, 9999]) {
      const error = refusal(() => given().when(report({ reasonType })));
      expect([error.status, error.fields[0]?.field]).toEqual([400, 'report_type']);
    }
    expect(given().when(report({ object: answer, reasonType: 61 }))).toHaveLength(1);
    expect(given().when(report({ object: comment, reasonType: 62 }))).toHaveLength(1);
  });

  it('asks a duplicate for the link of the question it duplicates, and "something else" for words', () => {
    const noLink = refusal(() => given().when(report({ reasonType: 60, content: 'it is a copy' })));
    expect([noLink.status, noLink.fields[0]?.field, noLink.fields[0]?.key]).toEqual([
      400,
      'content',
      'error.report.duplicate_needs_link',
    ]);
    expect(given().when(report({ reasonType: 60, content: 'https://agora.test/questions/1' }))).toHaveLength(1);
    const noWords = refusal(() => given().when(report({ reasonType: 59, content: ' ' })));
    expect([noWords.status, noWords.fields[0]?.field]).toEqual([400, 'content']);
  });

  it('refuses a text longer than 500 characters', () => {
    const error = refusal(() => given().when(report({ reasonType: 59, content: 'x'.repeat(501) })));
    expect([error.status, error.fields[0]?.field]).toEqual([400, 'content']);
  });

  it('allows one open flag per member and object; a new one once the last was handled', () => {
    const first = reported();
    const second = refusal(() => given(first).when(report({ flagId: 'f2' })));
    expect([second.status, second.reason]).toEqual([400, 'error.report.duplicate']);
    const [handled] = given(first).when(handle());
    if (!handled) throw new Error('not handled');
    expect(given(first, handled).when(report({ flagId: 'f2' }))).toHaveLength(1);
  });

  it('lets a member flag another member, never themself', () => {
    expect(given().when(report({ object: person }))).toHaveLength(1);
    const self = refusal(() => given().when(report({ object: person, reporterId: 'u9' })));
    expect([self.status, self.reason]).toEqual([400, 'error.user.cannot_flag_yourself']);
  });
});

describe('handling a flag', () => {
  it('ignores: the flag is ignored and the object untouched', () => {
    const [event] = given(reported()).when(handle());
    expect(event).toMatchObject({
      type: 'moderation.flag_handled',
      data: {
        flag_id: 'f1',
        operation: 'ignore_report',
        status: 'ignored',
        handler_id: 'mod',
        reporter_id: 'reporter',
      },
    });
  });

  it('refuses a flag it does not hold (404) and one already handled (400)', () => {
    expect(refusal(() => given().when(handle())).status).toBe(404);
    const first = reported();
    const [handled] = given(first).when(handle({ operation: 'delete_post' }));
    if (!handled) throw new Error('not handled');
    const again = refusal(() => given(first, handled).when(handle()));
    expect([again.status, again.reason]).toEqual([400, 'error.report.handled']);
  });

  it('offers each kind of object only its own operations', () => {
    expect(OPERATIONS_BY_TYPE.answer).not.toContain('close_post');
    const onAnswer = refusal(() =>
      given(reported({ object: answer, reasonType: 61 })).when(handle({ operation: 'close_post', closeType: 63 })),
    );
    expect([onAnswer.status, onAnswer.fields[0]?.field]).toEqual([400, 'operation_type']);
    const onMember = refusal(() => given(reported({ object: person })).when(handle({ operation: 'delete_post' })));
    expect(onMember.fields[0]?.field).toBe('operation_type');
    const suspendPost = refusal(() =>
      given(reported()).when(handle({ operation: 'suspend_user', handlerIsAdmin: true })),
    );
    expect(suspendPost.fields[0]?.field).toBe('operation_type');
  });

  it('closes with a close reason only, a duplicate with its link', () => {
    const first = reported();
    const spam = refusal(() => given(first).when(handle({ operation: 'close_post', closeType: 57 })));
    expect([spam.status, spam.fields[0]?.field]).toEqual([400, 'close_type']);
    const noLink = refusal(() =>
      given(first).when(handle({ operation: 'close_post', closeType: 60, closeMsg: 'same' })),
    );
    expect(noLink.fields[0]?.field).toBe('close_msg');
    const [closed] = given(first).when(handle({ operation: 'close_post', closeType: 64, closeMsg: ' unclear ' }));
    expect(closed?.data).toMatchObject({
      operation: 'close_post',
      status: 'completed',
      close_type: 64,
      close_msg: 'unclear',
    });
  });

  it("edits with the handler's text, keeping a question's title and tags when none are given", () => {
    const [edited] = given(reported()).when(handle({ operation: 'edit_post', content: 'A better body.' }));
    expect(edited?.data).toMatchObject({
      operation: 'edit_post',
      title: 'How do flags work here?',
      content: 'A better body.',
      tags: [{ slug_name: 'flags', display_name: 'flags' }],
    });
    const empty = refusal(() => given(reported()).when(handle({ operation: 'edit_post', content: '' })));
    expect([empty.status, empty.fields[0]?.field]).toEqual([400, 'content']);
    const shortTitle = refusal(() =>
      given(reported()).when(handle({ operation: 'edit_post', content: 'Body', title: 'Hm' })),
    );
    expect(shortTitle.fields[0]?.field).toBe('title');
    const shortAnswer = refusal(() =>
      given(reported({ object: answer, reasonType: 61 })).when(
        handle({ operation: 'edit_post', content: 'tiny', object: answer }),
      ),
    );
    expect(shortAnswer.fields[0]?.field).toBe('content');
    const gone = refusal(() =>
      given(reported()).when(
        handle({ operation: 'edit_post', content: 'Body', object: { ...question, status: PostStatus.deleted } }),
      ),
    );
    expect(gone.status).toBe(404);
  });

  it("suspends a flagged member only at an admin's hand, until the time decided", () => {
    const first = reported({ object: person });
    const byModerator = refusal(() => given(first).when(handle({ operation: 'suspend_user' })));
    expect(byModerator.status).toBe(403);
    const [suspended] = given(first).when(
      handle({ operation: 'suspend_user', handlerIsAdmin: true, suspendedUntil: '2030-01-01T00:00:00.000Z' }),
    );
    expect(suspended?.data).toMatchObject({ status: 'completed', suspended_until: '2030-01-01T00:00:00.000Z' });
  });
});
