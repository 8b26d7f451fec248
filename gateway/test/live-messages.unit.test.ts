import { LiveTopic } from '@agora/contracts';
import type { StoredEvent } from '@agora/platform';
import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPES, messagesOf, narrowsVisibility, wireTopic } from '../src/live/event-messages';
import { streamEndOf } from '../src/live/stream-ends';

const event = (type: string, data: Record<string, unknown>): StoredEvent => ({
  id: 'e1',
  type,
  streamId: 's1',
  version: 1,
  occurredAt: '2030-01-01T00:00:00.000Z',
  data,
  metadata: { actorId: null, correlationId: 'c', causationId: null, schemaVersion: 1 },
  source: type.split('.')[0] ?? '',
  position: { transactionId: '1', globalPosition: '1' },
});
const Q = 'q1';

describe('live messages of events (docs/adr/0099-live-pages.md)', () => {
  it("tells a question's page of its answers, comments, votes and status, with ids only", () => {
    const posted = event('posts.answer_posted', {
      answer_id: 'a1',
      question_id: Q,
      user_id: 'u1',
      revision_id: 'r1',
      content: 'secret text',
      html: '<p>secret text</p>',
    });
    expect(messagesOf(posted)).toEqual([
      { topic: 'question:q1', change: { kind: 'answer_posted', question_id: Q, answer_id: 'a1' } },
      { topic: LiveTopic.dashboard, change: { kind: 'totals_changed' } },
    ]);
    expect(JSON.stringify(messagesOf(posted))).not.toContain('secret');
    const comment = event('posts.comment_added', {
      comment_id: 'c1',
      object_id: 'a1',
      question_id: Q,
      user_id: 'u1',
      original_text: 'words',
      parsed_text: '<p>words</p>',
      mentions: [],
    });
    expect(messagesOf(comment)[0]).toEqual({
      topic: 'question:q1',
      change: { kind: 'comment_added', question_id: Q, object_id: 'a1', comment_id: 'c1' },
    });
    const vote = (type: string, direction: string) =>
      messagesOf(event(type, { object_id: 'a1', object_type: 'answer', question_id: Q, direction }))[0]?.change;
    expect(vote('votes.vote_cast', 'up')).toEqual({ kind: 'vote', question_id: Q, object_id: 'a1', delta: 1 });
    expect(vote('votes.vote_cast', 'down')).toMatchObject({ delta: -1 });
    expect(vote('votes.vote_cancelled', 'up')).toMatchObject({ delta: -1 });
    expect(vote('votes.vote_cancelled', 'down')).toMatchObject({ delta: 1 });
    const closed = messagesOf(
      event('posts.question_closed', { question_id: Q, actor_id: 'm', close_type: 1, close_msg: 'why' }),
    );
    expect(closed).toEqual([
      { topic: 'question:q1', change: { kind: 'question_status', question_id: Q, status: 'closed' } },
    ]);
    expect(narrowsVisibility(closed[0]?.change ?? { kind: 'review_changed' })).toBe(false);
    const deleted = messagesOf(event('posts.question_deleted', { question_id: Q, actor_id: 'm' }));
    expect(narrowsVisibility(deleted[0]?.change ?? { kind: 'review_changed' })).toBe(true);
    expect(
      messagesOf(event('posts.answer_accepted', { question_id: Q, answer_id: null, previous_answer_id: 'a1' }))[0],
    ).toEqual({ topic: 'question:q1', change: { kind: 'answer_accepted', question_id: Q, answer_id: null } });
  });

  it('announces a held post to the review queue only, and a published one to its page and the lists', () => {
    const held = event('posts.question_held', { question_id: Q, user_id: 'u1', title: 'secret' });
    expect(messagesOf(held)).toEqual([{ topic: LiveTopic.review, change: { kind: 'review_changed' } }]);
    const answerHeld = event('posts.answer_held', { answer_id: 'a1', question_id: Q, user_id: 'u1' });
    expect(messagesOf(answerHeld)).toEqual([{ topic: LiveTopic.review, change: { kind: 'review_changed' } }]);
    const asked = messagesOf(event('posts.question_asked', { question_id: Q, user_id: 'u1', title: 'secret' }));
    expect(asked.map((m) => m.topic)).toEqual([LiveTopic.questions, LiveTopic.dashboard]);
  });

  it('tells a member of their own counts only, on a topic keyed by them', () => {
    const opened = messagesOf(
      event('notifications.notification_opened', { notification_id: 'n', user_id: 'u9', type: 'inbox' }),
    );
    expect(opened).toEqual([{ topic: 'me:u9', change: { kind: 'counts', type: 'inbox' } }]);
    expect(wireTopic('me:u9')).toBe(LiveTopic.me);
    expect(wireTopic('question:q1')).toBe('question:q1');
    const read = messagesOf(event('notifications.read', { user_id: 'u9', type: 'achievement', notification_ids: [] }));
    expect(read).toEqual([{ topic: 'me:u9', change: { kind: 'counts', type: 'achievement' } }]);
    expect(messagesOf(event('notifications.email_settings_changed', { user_id: 'u9' }))).toEqual([]);
  });

  it('makes no message of a comment event that does not name its question', () => {
    expect(messagesOf(event('posts.comment_edited', { comment_id: 'c1', actor_id: 'u1', original_text: 'x' }))).toEqual(
      [],
    );
  });

  it('reads only the types that make a message', () => {
    for (const type of ['posts.answer_posted', 'votes.vote_cast', 'notifications.notification_opened']) {
      expect(MESSAGE_TYPES).toContain(type);
    }
    expect(MESSAGE_TYPES).not.toContain('posts.views_counted');
    expect(new Set(MESSAGE_TYPES).size).toBe(MESSAGE_TYPES.length);
  });

  it("ends a member's streams when their session goes, and anonymous ones when the site turns private", () => {
    expect(
      streamEndOf(event('identity.sessions_revoked', { user_id: 'u1', session_id: 's1', reason: 'logout' })),
    ).toEqual({ userId: 'u1', sessionId: 's1' });
    expect(streamEndOf(event('identity.sessions_revoked', { user_id: 'u1', session_id: null, reason: 'x' }))).toEqual({
      userId: 'u1',
      sessionId: null,
    });
    expect(streamEndOf(event('identity.user_suspended', { user_id: 'u1' }))).toEqual({ userId: 'u1', sessionId: null });
    expect(
      streamEndOf(event('site.settings_changed', { group: 'security', values: { login_required: true } })),
    ).toEqual({
      anonymous: true,
    });
    expect(
      streamEndOf(event('site.settings_changed', { group: 'security', values: { login_required: false } })),
    ).toBeNull();
    expect(streamEndOf(event('identity.user_logged_in', { user_id: 'u1', session_id: 's' }))).toBeNull();
  });
});
