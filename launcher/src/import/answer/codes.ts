/**
 * Apache Answer's own codes, as its database stores them (docs/adr/0094-importing-a-community.md), named once here.
 * They are the source's, not Agora's: the reader turns them into the import records' words.
 */
export const AnswerCode = {
  userSuspended: 9,
  userDeleted: 10,
  mailUnverified: 2,
  postClosed: 2,
  postDeleted: 10,
  postPending: 11,
  pinOn: 2,
  showOff: 2,
  answerAdopted: 2,
  revisionSuggested: 1,
  revisionRefused: 3,
  tagDeleted: 10,
  tagRelLive: 1,
  tagRelHidden: 2,
  reportWaiting: 1,
  reportHandled: 2,
  reportIgnored: 3,
  reportDeleted: 10,
  reviewWaiting: 1,
  linkLive: 1,
  fileLive: 1,
  objectQuestion: 1,
  objectAnswer: 2,
  objectTag: 3,
} as const;

/** The `config` keys of the activity types the reader looks for (their ids are resolved by key). */
export const ActivityKey = {
  questionVoteUp: 'question.vote_up',
  questionVoteDown: 'question.vote_down',
  answerVoteUp: 'answer.vote_up',
  answerVoteDown: 'answer.vote_down',
  commentVoteUp: 'comment.vote_up',
  answerAccept: 'answer.accept',
  answerAccepted: 'answer.accepted',
  questionFollow: 'question.follow',
  tagFollow: 'tag.follow',
  questionEdited: 'question.edited',
  answerEdited: 'answer.edited',
  tagEdited: 'tag.edited',
  questionClosed: 'question.closed',
  questionDeleted: 'question.deleted',
  answerDeleted: 'answer.deleted',
} as const;

/** Meta keys. */
export const MetaKey = { closeReason: 'question.close.reason', reactions: 'object.react.summary' } as const;
