import { type BadgeDefinition, type BadgeRule, badgesOfRule } from '@agora/contracts';
import { type AwardObject, type BadgeFact, NO_OBJECT } from './facts';

/** A badge a fact earns: for whom, under which key (once per member: ''; per post: the post), on what. */
export interface AwardIntent {
  badge: BadgeDefinition;
  userId: string;
  awardKey: string;
  on: AwardObject;
}

const once = (kind: BadgeRule['kind'], userId: string, on: AwardObject): AwardIntent[] =>
  badgesOfRule(kind).map((badge) => ({ badge, userId, awardKey: '', on }));

/**
 * The badges a fact earns, before asking whether they are active or held already: pure, so
 * that replaying the facts decides the same.
 */
export function awardsFor(fact: BadgeFact): AwardIntent[] {
  switch (fact.kind) {
    case 'profile_saved':
      return fact.bio.trim() ? once('profile_bio', fact.userId, NO_OBJECT) : [];
    case 'post_edited':
      // An edit that went through review is the reviewer's decision, not the editor's own edit.
      return fact.direct ? once('direct_edit', fact.editorId, fact.on) : [];
    case 'up_vote_cast':
      return once('up_vote', fact.voterId, fact.on);
    case 'reaction_added':
      return once('reaction', fact.userId, fact.on);
    case 'flag_raised':
      return once('flag', fact.reporterId, fact.on);
    case 'share_visited':
      return once('share_visit', fact.sharerId, fact.on);
    case 'answer_accepted':
      return [
        ...once('accept_given', fact.acceptorId, fact.on),
        ...(fact.answerAuthorId ? once('answer_accepted', fact.answerAuthorId, fact.on) : []),
      ];
    case 'up_votes_counted':
      return badgesOfRule('up_votes')
        .filter((badge) => badge.rule.objectType === fact.objectType && fact.upVotes >= badge.rule.amount)
        .map((badge) => ({ badge, userId: fact.ownerId, awardKey: fact.on.objectId, on: fact.on }));
  }
}
