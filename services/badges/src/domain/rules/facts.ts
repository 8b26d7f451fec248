/** The post an award was earned on, as the awards page links to it; empty ids for a profile. */
export interface AwardObject {
  objectId: string;
  objectType: 'question' | 'answer' | 'comment' | '';
  questionId: string;
  answerId: string;
}

/**
 * What happened elsewhere that may earn a badge, as the badges service reads it from other services' events
 * (the rule kinds of contracts' badge catalogue).
 */
export type BadgeFact =
  | { kind: 'profile_saved'; userId: string; bio: string }
  | { kind: 'post_edited'; editorId: string; direct: boolean; on: AwardObject }
  | { kind: 'up_vote_cast'; voterId: string; on: AwardObject }
  | {
      kind: 'up_votes_counted';
      ownerId: string;
      objectType: 'question' | 'answer';
      upVotes: number;
      on: AwardObject;
    }
  | { kind: 'reaction_added'; userId: string; on: AwardObject }
  | { kind: 'flag_raised'; reporterId: string; on: AwardObject }
  | { kind: 'share_visited'; sharerId: string; on: AwardObject }
  | { kind: 'answer_accepted'; acceptorId: string; answerAuthorId: string | null; on: AwardObject };

/** A post as an award object: a question, or an answer with its question, or a comment. */
export function postObject(objectType: 'question' | 'answer' | 'comment', objectId: string, questionId: string) {
  return {
    objectId,
    objectType,
    questionId,
    answerId: objectType === 'answer' ? objectId : '',
  } satisfies AwardObject;
}

export const NO_OBJECT: AwardObject = { objectId: '', objectType: '', questionId: '', answerId: '' };
