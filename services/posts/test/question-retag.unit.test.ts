import { foldEvents } from '@agora/platform';
import { givenWhen } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import {
  questionDecider as decider,
  mergedTags,
  type QuestionCommand,
  type QuestionContent,
  type QuestionEvent,
} from '../src/domain/question/decider';

const js = { slug_name: 'js', display_name: 'JS' };
const javascript = { slug_name: 'javascript', display_name: 'JavaScript' };
const node = { slug_name: 'node', display_name: 'Node' };
const content: QuestionContent = {
  title: 'How do closures work?',
  url_title: 'how-do-closures-work',
  content: 'Some text about closures.',
  html: '<p>Some text about closures.</p>',
  tags: [js, node],
};
const asked: QuestionEvent = {
  type: 'posts.question_asked',
  data: { question_id: 'q1', user_id: 'u1', revision_id: 'r1', ...content },
};
const retag: QuestionCommand = { type: 'retag', actorId: 'mod', mergedSlugs: ['js'], target: javascript };
const retagged = (tags: { slug_name: string; display_name: string }[]): QuestionEvent => ({
  type: 'posts.question_retagged',
  data: { question_id: 'q1', actor_id: 'mod', merged_slugs: ['js'], target: javascript, tags },
});
const given = givenWhen(decider);

describe('filing a question under a merged tag’s target (question decider)', () => {
  it('replaces the merged tag by the target where it stood', () => {
    expect(given(asked).when(retag)).toEqual([retagged([javascript, node])]);
  });

  it('names the target once when the question had both', () => {
    const both: QuestionEvent = { ...asked, data: { ...asked.data, tags: [javascript, js, node] } } as QuestionEvent;
    expect(given(both).when(retag)).toEqual([retagged([javascript, node])]);
  });

  it('records nothing for a question without the merged tag, or already filed again', () => {
    expect(given(asked, retagged([javascript, node])).when(retag)).toEqual([]);
    const other: QuestionEvent = { ...asked, data: { ...asked.data, tags: [node] } } as QuestionEvent;
    expect(given(other).when(retag)).toEqual([]);
  });

  it('files deleted and held questions too, but nothing unknown or purged', () => {
    const deleted: QuestionEvent = { type: 'posts.question_deleted', data: { question_id: 'q1', actor_id: 'u1' } };
    expect(given(asked, deleted).when(retag)).toEqual([retagged([javascript, node])]);
    const held: QuestionEvent = {
      type: 'posts.question_held',
      data: { question_id: 'q1', user_id: 'u1', revision_id: 'r1', reason: 'new_member', ...content },
    };
    expect(given(held).when(retag)).toEqual([retagged([javascript, node])]);
    expect(given().when(retag)).toEqual([]);
    const purged: QuestionEvent = {
      type: 'posts.question_purged',
      data: { question_id: 'q1', user_id: 'u1', actor_id: 'admin', answer_ids: [], comment_ids: [], revision_ids: [] },
    };
    expect(given(asked, deleted, purged).when(retag)).toEqual([]);
  });

  it('maps a suggested edit still waiting, so approving it keeps the question under the target', () => {
    const submitted: QuestionEvent = {
      type: 'posts.question_revision_submitted',
      data: { question_id: 'q1', editor_id: 'u2', revision_id: 'r2', edit_summary: '', ...content, tags: [js] },
    };
    const state = foldEvents(decider, [asked, submitted, retagged([javascript, node])]);
    expect(state.tags).toEqual([javascript, node]);
    expect(state.pendingRevision?.content.tags).toEqual([javascript]);
  });

  it('merges lists in order, each tag once', () => {
    expect(mergedTags([node, js, javascript], ['js'], javascript)).toEqual([node, javascript]);
  });
});
