import { BADGES, badgeName, DEFAULT_LANGUAGE } from '@agora/contracts';
import type { ImportedBadgeAward, ImportedComment, ImportedLink } from '@agora/contracts/import/records';
import type { DumpNumbers } from './dump-numbers';
import { attributes, dumpTime } from './row-attributes';

/** VoteTypeId. */
export const VOTE_TYPES = { accepted: 1, up: 2, down: 3, favorite: 5 } as const;
/** LinkTypeId. */
export const LINK_TYPES = { linked: 1, duplicate: 3 } as const;

/** A comment's row: its text as typed (the dumps keep comments' Markdown, not HTML). */
export function commentRow(comment: ImportedComment, postNumber: number, numbers: DumpNumbers, score = 0): string {
  return attributes([
    ['Id', numbers.comments.assign(comment.id)],
    ['PostId', postNumber],
    ['Score', score],
    ['Text', comment.content],
    ['CreationDate', dumpTime(comment.created_at)],
    ['UserId', numbers.users.of(comment.user_id)],
  ]);
}

/** A vote's row; only a favourite names its member, as in the public dumps. */
export function voteRow(
  numbers: DumpNumbers,
  postNumber: number,
  type: (typeof VOTE_TYPES)[keyof typeof VOTE_TYPES],
  at: string,
  user?: number,
): string {
  return attributes([
    ['Id', numbers.next('Votes.xml')],
    ['PostId', postNumber],
    ['VoteTypeId', type],
    ['UserId', type === VOTE_TYPES.favorite ? user : undefined],
    ['CreationDate', dumpTime(at)],
  ]);
}

export function linkRow(
  numbers: DumpNumbers,
  from: number,
  to: number,
  type: (typeof LINK_TYPES)[keyof typeof LINK_TYPES],
  at: string,
): string {
  return attributes([
    ['Id', numbers.next('PostLinks.xml')],
    ['CreationDate', dumpTime(at)],
    ['PostId', from],
    ['RelatedPostId', to],
    ['LinkTypeId', type],
  ]);
}

/** The post a link starts from: the answer, when it is an answer's text that links. */
export const linkSource = (link: ImportedLink) => link.from_answer_id ?? link.from_question_id;

const BY_KEY = new Map(BADGES.map((badge) => [badge.key, badge]));

/** An award's row: a catalogue badge by its English name and class (1 gold, 2 silver, 3 bronze). */
export function badgeRow(award: ImportedBadgeAward, user: number, numbers: DumpNumbers): string {
  const badge = BY_KEY.get(award.badge);
  return attributes([
    ['Id', numbers.next('Badges.xml')],
    ['UserId', user],
    ['Name', badge ? badgeName(DEFAULT_LANGUAGE, badge) : award.badge],
    ['Date', dumpTime(award.created_at)],
    ['Class', badge ? 4 - badge.level : 3],
    ['TagBased', false],
  ]);
}
