import { type Static, Type } from 'typebox';
import { defineEvent } from '../events/envelope';

const Id = Type.String({ minLength: 1 });
/** A badge's status (BADGE_STATUSES). */
export const BadgeStatusSchema = Type.Union([Type.Literal('active'), Type.Literal('inactive')]);

/**
 * A badge awarded to a member, on the award's own stream (`badge-award-<award id>`), whose id is derived
 * from the award key (badge, member, and for per-post badges the post), so an award is made at most once
 * however often the facts behind it are replayed. `awarded_at` is the time of the fact that earned it,
 * and `object_*` the post it was earned on (empty for a profile).
 */
export const BadgeAwarded = defineEvent(
  'badges.badge_awarded',
  Type.Object({
    award_id: Id,
    badge_id: Id,
    user_id: Id,
    award_key: Type.String({ description: "the post for per-post badges; '' for once-per-member badges" }),
    object_id: Type.String(),
    object_type: Type.Union([
      Type.Literal('question'),
      Type.Literal('answer'),
      Type.Literal('comment'),
      Type.Literal(''),
    ]),
    question_id: Type.String(),
    answer_id: Type.String(),
    awarded_at: Type.String(),
    cause_event_id: Type.String(),
  }),
);
export type BadgeAward = Static<typeof BadgeAwarded.data>;

/** An admin activating or deactivating a badge (`badge-<badge id>`); an inactive badge is hidden and awarded to nobody. */
export const BadgeStatusChanged = defineEvent(
  'badges.badge_status_changed',
  Type.Object({ badge_id: Id, status: BadgeStatusSchema, previous_status: BadgeStatusSchema }),
);

/** A deleted member's awards taken away, on `badge-holder-<user id>`; nothing is awarded to them after. */
export const AwardsWithdrawn = defineEvent('badges.awards_withdrawn', Type.Object({ user_id: Id }));

export const BadgesEvents = [BadgeAwarded, BadgeStatusChanged, AwardsWithdrawn];
