import { BADGES, type BadgeAward } from '@agora/contracts';
import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import { awardIdOf } from '../src/domain/award/award-id';
import { awardDecider } from '../src/domain/award/decider';
import { badgeDecider } from '../src/domain/badge/decider';
import { holderDecider } from '../src/domain/holder/decider';

const badge = BADGES[0]!;
const award: BadgeAward = {
  award_id: awardIdOf(badge.id, 'u1', ''),
  badge_id: badge.id,
  user_id: 'u1',
  award_key: '',
  object_id: '',
  object_type: '',
  question_id: '',
  answer_id: '',
  awarded_at: '2026-11-26T00:00:00.000Z',
  cause_event_id: 'e1',
};
const awarded = { type: 'badges.badge_awarded' as const, data: award };

describe('award ids', () => {
  it('come from the award key alone: the same facts name the same award, another key another', () => {
    expect(awardIdOf(badge.id, 'u1', '')).toBe(award.award_id);
    expect(award.award_id).toMatch(/^1010\d{19}$/);
    expect(awardIdOf(badge.id, 'u2', '')).not.toBe(award.award_id);
    expect(awardIdOf(BADGES[8]!.id, 'u1', 'a1')).not.toBe(awardIdOf(BADGES[8]!.id, 'u1', 'a2'));
  });
});

describe('award decider', () => {
  const given = givenWhen(awardDecider);
  it('awards once: asking again, after a redelivery or a replay, decides nothing', () => {
    expect(given().when({ type: 'award', award })).toEqual([awarded]);
    expect(given(awarded).when({ type: 'award', award })).toEqual([]);
  });
});

describe('badge status decider', () => {
  const given = givenWhen(badgeDecider);
  const set = (status: 'active' | 'inactive', badgeId = badge.id) => ({ type: 'set_status' as const, badgeId, status });
  const changed = (status: 'active' | 'inactive', previous: 'active' | 'inactive') => ({
    type: 'badges.badge_status_changed' as const,
    data: { badge_id: badge.id, status, previous_status: previous },
  });

  it('starts active; deactivating and activating again are recorded, setting the same status is not', () => {
    expect(given().when(set('active'))).toEqual([]);
    expect(given().when(set('inactive'))).toEqual([changed('inactive', 'active')]);
    expect(given(changed('inactive', 'active')).when(set('inactive'))).toEqual([]);
    expect(given(changed('inactive', 'active')).when(set('active'))).toEqual([changed('active', 'inactive')]);
  });

  it('refuses an id that is no catalogue badge with a 404', () => {
    const error = refusal(() => given().when(set('inactive', '10090000000000000000099')));
    expect([error.status, error.messageKey]).toEqual([404, 'error.badge.not_found']);
  });
});

describe('holder decider', () => {
  const given = givenWhen(holderDecider);
  it('withdraws a deleted member’s awards once', () => {
    const withdrawn = { type: 'badges.awards_withdrawn' as const, data: { user_id: 'u1' } };
    expect(given().when({ type: 'withdraw', userId: 'u1' })).toEqual([withdrawn]);
    expect(given(withdrawn).when({ type: 'withdraw', userId: 'u1' })).toEqual([]);
  });
});
