import { BADGES, type BadgeDefinition, badgeById, badgeDescription, badgeName, badgeTextKeys } from '@agora/contracts';
import { describe, expect, it } from 'vitest';
import { type AwardIntent, awardsFor } from '../src/domain/rules/award-rules';
import { NO_OBJECT, postObject } from '../src/domain/rules/facts';

const key = (badge: BadgeDefinition) => badge.key;
const earned = (intents: AwardIntent[]) => intents.map((i) => [key(i.badge), i.userId, i.awardKey]);
const question = postObject('question', 'q1', 'q1');
const answer = postObject('answer', 'a1', 'q1');

describe('the catalogue', () => {
  it('has fourteen badges in three groups, with fixed ids, levels and repeat rules', () => {
    expect(BADGES).toHaveLength(14);
    expect(new Set(BADGES.map((b) => b.id)).size).toBe(14);
    expect(BADGES.map((b) => [b.key, b.group, b.level, b.single])).toEqual([
      ['autobiographer', 'getting_started', 1, true],
      ['editor', 'getting_started', 1, true],
      ['first_flag', 'getting_started', 1, true],
      ['first_upvote', 'getting_started', 1, true],
      ['first_reaction', 'getting_started', 1, true],
      ['first_share', 'getting_started', 1, true],
      ['scholar', 'getting_started', 1, true],
      ['solved', 'community', 1, true],
      ['nice_answer', 'posting', 1, false],
      ['good_answer', 'posting', 2, false],
      ['great_answer', 'posting', 3, false],
      ['nice_question', 'posting', 1, false],
      ['good_question', 'posting', 2, false],
      ['great_question', 'posting', 3, false],
    ]);
    expect(BADGES[0]!.id).toBe('10090000000000000000001');
    expect(badgeById(BADGES[13]!.id)?.key).toBe('great_question');
    expect(badgeById('10010000000000000000001')).toBeUndefined();
  });

  it('names and describes every badge in en_US and zh_CN, with the threshold in the up-vote badges', () => {
    for (const language of ['en_US', 'zh_CN'] as const) {
      expect(badgeTextKeys(language).sort()).toEqual(BADGES.map(key).sort());
      for (const badge of BADGES) {
        expect(badgeName(language, badge)).not.toBe(badge.key);
        expect(badgeDescription(language, badge)).not.toBe('');
      }
    }
    const good = BADGES.find((b) => b.key === 'good_answer')!;
    expect(badgeDescription('en_US', good)).toBe('Wrote an answer with 25 or more up-votes.');
    expect(badgeDescription('zh_CN', good)).toBe('回答获得 25 个或更多赞同。');
  });
});

describe('award rules: given a fact, the badges it earns', () => {
  it('Autobiographer: a profile saved with a bio, not a blank one', () => {
    expect(earned(awardsFor({ kind: 'profile_saved', userId: 'u1', bio: 'I write code.' }))).toEqual([
      ['autobiographer', 'u1', ''],
    ]);
    expect(awardsFor({ kind: 'profile_saved', userId: 'u1', bio: ' \n\t ' })).toEqual([]);
    expect(awardsFor({ kind: 'profile_saved', userId: 'u1', bio: '' })).toEqual([]);
  });

  it('Editor: a direct edit of a question or answer, own posts included; a reviewed suggestion earns nothing', () => {
    const edit = awardsFor({ kind: 'post_edited', editorId: 'u2', direct: true, on: answer });
    expect(earned(edit)).toEqual([['editor', 'u2', '']]);
    expect(edit[0]!.on).toEqual({ objectId: 'a1', objectType: 'answer', questionId: 'q1', answerId: 'a1' });
    expect(awardsFor({ kind: 'post_edited', editorId: 'u2', direct: false, on: question })).toEqual([]);
  });

  it('First Upvote: the voter, once per member', () => {
    const comment = postObject('comment', 'c1', 'q1');
    expect(earned(awardsFor({ kind: 'up_vote_cast', voterId: 'u3', on: comment }))).toEqual([
      ['first_upvote', 'u3', ''],
    ]);
  });

  it('First Reaction and First Share: the reactor, and the member whose link was opened', () => {
    expect(earned(awardsFor({ kind: 'reaction_added', userId: 'u4', on: answer }))).toEqual([
      ['first_reaction', 'u4', ''],
    ]);
    expect(earned(awardsFor({ kind: 'share_visited', sharerId: 'u5', on: question }))).toEqual([
      ['first_share', 'u5', ''],
    ]);
  });

  it('First Flag: the member who flagged a post, once per member', () => {
    const comment = postObject('comment', 'c1', 'q1');
    expect(earned(awardsFor({ kind: 'flag_raised', reporterId: 'u6', on: comment }))).toEqual([
      ['first_flag', 'u6', ''],
    ]);
  });

  it('Scholar for whoever accepts, Solved for the answer’s author', () => {
    const fact = { kind: 'answer_accepted' as const, acceptorId: 'asker', answerAuthorId: 'answerer', on: answer };
    expect(earned(awardsFor(fact))).toEqual([
      ['scholar', 'asker', ''],
      ['solved', 'answerer', ''],
    ]);
    expect(earned(awardsFor({ ...fact, answerAuthorId: null }))).toEqual([['scholar', 'asker', '']]);
  });

  it('the up-vote badges: per post, to its author, at 10, 25 and 50 up-votes of that kind of post', () => {
    const counted = (objectType: 'question' | 'answer', upVotes: number) =>
      earned(
        awardsFor({
          kind: 'up_votes_counted',
          ownerId: 'author',
          objectType,
          upVotes,
          on: objectType === 'answer' ? answer : question,
        }),
      );
    expect(counted('answer', 9)).toEqual([]);
    expect(counted('answer', 10)).toEqual([['nice_answer', 'author', 'a1']]);
    expect(counted('answer', 25)).toEqual([
      ['nice_answer', 'author', 'a1'],
      ['good_answer', 'author', 'a1'],
    ]);
    expect(counted('question', 50)).toEqual([
      ['nice_question', 'author', 'q1'],
      ['good_question', 'author', 'q1'],
      ['great_question', 'author', 'q1'],
    ]);
    expect(counted('question', 24)).toEqual([['nice_question', 'author', 'q1']]);
  });

  it('a profile earns nothing tied to a post', () => {
    expect(awardsFor({ kind: 'profile_saved', userId: 'u1', bio: 'x' })[0]!.on).toEqual(NO_OBJECT);
  });
});
