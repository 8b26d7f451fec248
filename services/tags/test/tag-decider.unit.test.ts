import { foldEvents } from '@agora/platform';
import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import { tagDecider as decider, type TagCommand, type TagContent, type TagEvent } from '../src/domain/tag/decider';

const content: TagContent = {
  slug_name: 'typescript',
  display_name: 'TypeScript',
  original_text: 'A typed **JavaScript**.',
  parsed_text: '<p>A typed <strong>JavaScript</strong>.</p>',
};
const created: TagEvent = {
  type: 'tags.tag_created',
  data: { tag_id: 't1', user_id: 'u1', revision_id: 'r1', question_id: null, ...content },
};
const renamed: TagContent = { ...content, slug_name: 'ts', display_name: 'TS' };
const act = { tag_id: 't1', actor_id: 'mod' };
const deleted: TagEvent = { type: 'tags.tag_deleted', data: act };
const undeleted: TagEvent = { type: 'tags.tag_undeleted', data: act };
const pending: TagEvent = {
  type: 'tags.tag_revision_submitted',
  data: { tag_id: 't1', editor_id: 'u2', revision_id: 'r2', edit_summary: 'shorter', ...renamed },
};
const edited: TagEvent = { ...pending, type: 'tags.tag_edited' } as TagEvent;
const synonymsSet = (ids: string[]): TagEvent => ({
  type: 'tags.synonyms_set',
  data: { ...act, synonym_tag_ids: ids },
});
const linked = (main: string): TagEvent => ({ type: 'tags.synonym_linked', data: { ...act, main_tag_id: main } });
const unlinked = (main: string): TagEvent => ({ type: 'tags.synonym_unlinked', data: { ...act, main_tag_id: main } });

const create: TagCommand = { type: 'create', tagId: 't1', userId: 'u1', revisionId: 'r1', questionId: null, content };
const edit = (direct: boolean, with_: TagContent = renamed, questionCount = 0): TagCommand => ({
  type: 'edit',
  editorId: 'u2',
  revisionId: 'r2',
  editSummary: 'shorter',
  direct,
  content: with_,
  questionCount,
});
const remove = (questionCount = 0): TagCommand => ({ type: 'delete', actorId: 'mod', questionCount });

const given = givenWhen(decider);

describe('tag decider', () => {
  it('creates a tag once', () => {
    expect(given().when(create)).toEqual([created]);
    const again = refusal(() => given(created).when(create));
    expect(again.messageKey).toBe('error.tag.already_exists');
    expect(again.messageParams).toEqual({ slug: 'typescript' });
  });

  it('records where a tag came from when a question brought it', () => {
    const fromQuestion = given().when({ ...create, questionId: 'q1' })[0]!;
    expect(fromQuestion.data).toMatchObject({ question_id: 'q1' });
  });

  it('applies a privileged edit and queues any other as a revision', () => {
    expect(given(created).when(edit(true))).toEqual([edited]);
    expect(given(created).when(edit(false))).toEqual([pending]);
    expect(foldEvents(decider, [created, edited])).toMatchObject({ ...renamed, pendingRevisionId: null });
    expect(foldEvents(decider, [created, pending])).toMatchObject({ ...content, pendingRevisionId: 'r2' });
  });

  it('records nothing for an edit that changes nothing', () => {
    expect(given(created).when(edit(true, content))).toEqual([]);
  });

  it('blocks every edit while a revision waits for review', () => {
    const blocked = refusal(() => given(created, pending).when(edit(true)));
    expect(blocked.status).toBe(400);
    expect(blocked.messageKey).toBe('error.revision.review_underway');
    expect(blocked.data).toEqual({ err_type: 'toast' });
    expect(given(created, pending, edited).when(edit(true, content))[0]!.type).toBe('tags.tag_edited');
  });

  it("applies an approved suggestion as the editor's edit, and drops a rejected one", () => {
    const review = (approved: boolean, keepSlug = false, revisionId = 'r2'): TagCommand => ({
      type: 'review',
      revisionId,
      approved,
      reviewerId: 'rev',
      keepSlug,
    });
    expect(given(created, pending).when(review(true))).toEqual([
      { type: 'tags.tag_edited', data: { ...pending.data, reviewer_id: 'rev' } },
    ]);
    // A tag in use (or a slug another tag took meanwhile) keeps its slug; the rest of the suggestion applies.
    expect(given(created, pending).when(review(true, true))[0]?.data).toMatchObject({
      slug_name: 'typescript',
      display_name: 'TS',
      editor_id: 'u2',
    });
    const rejected = { tag_id: 't1', revision_id: 'r2', editor_id: 'u2', reviewer_id: 'rev' };
    expect(given(created, pending).when(review(false))).toEqual([
      { type: 'tags.tag_revision_rejected', data: rejected },
    ]);
    const afterRejection = foldEvents(decider, [
      created,
      pending,
      { type: 'tags.tag_revision_rejected', data: rejected },
    ]);
    expect(afterRejection).toMatchObject({ ...content, pendingRevisionId: null, pendingRevision: null });
    // Nothing waiting, or another suggestion than the one decided: nothing happens.
    expect(given(created).when(review(true))).toEqual([]);
    expect(given(created, pending).when(review(true, false, 'r9'))).toEqual([]);
    expect(given(created, pending, edited).when(review(true))).toEqual([]);
  });

  it('keeps the slug of a tag that has questions or synonyms, or is a synonym', () => {
    const describe = { ...content, original_text: 'New words' };
    expect(refusal(() => given(created).when(edit(true, renamed, 3))).messageKey).toBe('error.tag.slug_locked');
    expect(given(created).when(edit(true, describe, 3))).toHaveLength(1);
    expect(refusal(() => given(created, synonymsSet(['t2'])).when(edit(true))).messageKey).toBe(
      'error.tag.slug_locked',
    );
    expect(refusal(() => given(created, linked('t9')).when(edit(true))).messageKey).toBe('error.tag.slug_locked');
  });

  it('refuses to edit a tag that does not exist or is deleted', () => {
    expect(refusal(() => given().when(edit(true))).status).toBe(404);
    expect(refusal(() => given(created, deleted).when(edit(true))).status).toBe(404);
  });

  it('deletes an unused tag once, and recovers it', () => {
    expect(given(created).when(remove())).toEqual([deleted]);
    expect(given(created, deleted).when(remove())).toEqual([]);
    expect(given(created, deleted).when({ type: 'undelete', actorId: 'mod' })).toEqual([undeleted]);
    expect(given(created).when({ type: 'undelete', actorId: 'mod' })).toEqual([]);
    expect(refusal(() => given().when(remove())).status).toBe(404);
    expect(refusal(() => given().when({ type: 'undelete', actorId: 'mod' })).status).toBe(404);
  });

  it('keeps a tag that has questions or synonyms', () => {
    const used = refusal(() => given(created).when(remove(2)));
    expect(used.messageKey).toBe('error.tag.in_use');
    expect(used.data).toEqual({ err_type: 'toast' });
    expect(refusal(() => given(created, synonymsSet(['t2'])).when(remove())).messageKey).toBe('error.tag.in_use');
    expect(given(created, synonymsSet(['t2']), synonymsSet([])).when(remove())).toEqual([deleted]);
  });

  it('sets the synonyms of a main tag as a whole list', () => {
    const set = (ids: string[]): TagCommand => ({ type: 'set_synonyms', actorId: 'mod', synonymIds: ids });
    expect(given(created).when(set(['t2', 't3', 't2']))).toEqual([synonymsSet(['t2', 't3'])]);
    expect(given(created, synonymsSet(['t2', 't3'])).when(set(['t2', 't3']))).toEqual([]);
    expect(given(created, synonymsSet(['t2'])).when(set([]))).toEqual([synonymsSet([])]);
    expect(refusal(() => given(created).when(set(['t1']))).fields[0]).toMatchObject({
      field: 'synonym_tag_list',
      key: 'error.tag.synonym_self',
    });
    expect(refusal(() => given(created, linked('t9')).when(set(['t2']))).messageKey).toBe('error.tag.main_is_synonym');
    expect(refusal(() => given(created, deleted).when(set(['t2']))).status).toBe(404);
  });

  it('links a tag as a synonym, once, and releases it', () => {
    const link = (main: string): TagCommand => ({ type: 'link', actorId: 'mod', mainTagId: main });
    const unlink = (main: string): TagCommand => ({ type: 'unlink', actorId: 'mod', mainTagId: main });
    expect(given(created).when(link('t9'))).toEqual([linked('t9')]);
    expect(given(created, linked('t9')).when(link('t9'))).toEqual([]);
    expect(given(created, linked('t9')).when(unlink('t9'))).toEqual([unlinked('t9')]);
    expect(given(created, linked('t9')).when(unlink('t8'))).toEqual([]);
    expect(given(created).when(unlink('t9'))).toEqual([]);
    expect(foldEvents(decider, [created, linked('t9'), unlinked('t9')]).mainTagId).toBeNull();
  });

  it('refuses synonyms that would chain, loop or point at a deleted tag', () => {
    const link = (main: string): TagCommand => ({ type: 'link', actorId: 'mod', mainTagId: main });
    const keyOf = (events: TagEvent[], main: string) => refusal(() => given(...events).when(link(main))).fields[0];
    expect(keyOf([created], 't1')).toMatchObject({ key: 'error.tag.synonym_self' });
    expect(keyOf([created, linked('t8')], 't9')).toMatchObject({
      key: 'error.tag.already_synonym',
      params: { slug: 'typescript' },
    });
    expect(keyOf([created, synonymsSet(['t2'])], 't9')).toMatchObject({ key: 'error.tag.has_synonyms' });
    expect(keyOf([created, deleted], 't9')).toMatchObject({ key: 'error.tag.deleted' });
    expect(refusal(() => given().when(link('t9'))).status).toBe(404);
  });
});
