import type { Language } from '../i18n/languages';

/**
 * The reasons catalogue: each reason's key, its number (`reason_type`, what clients send
 * back) and whether it takes text (`content_type`: '', `text` or `textarea`). Named once here; the lists
 * below say which reasons each object type offers for each action.
 */
export const REASONS = {
  spam: { type: 57, contentType: '' },
  rude_or_abusive: { type: 58, contentType: '' },
  something: { type: 59, contentType: 'textarea' },
  a_duplicate: { type: 60, contentType: 'text' },
  not_a_answer: { type: 61, contentType: '' },
  no_longer_needed: { type: 62, contentType: '' },
  community_specific: { type: 63, contentType: '' },
  not_clarity: { type: 64, contentType: '' },
  normal: { type: 65, contentType: '' },
  'normal.user': { type: 66, contentType: '' },
  closed: { type: 67, contentType: '' },
  deleted: { type: 68, contentType: '' },
  'deleted.user': { type: 69, contentType: '' },
  suspended: { type: 70, contentType: '' },
  inactive: { type: 71, contentType: '' },
  looks_ok: { type: 72, contentType: '' },
  needs_edit: { type: 73, contentType: '' },
  needs_close: { type: 74, contentType: '' },
  needs_delete: { type: 75, contentType: '' },
} as const satisfies Record<string, { type: number; contentType: '' | 'text' | 'textarea' }>;

export type ReasonName = keyof typeof REASONS;

/** The objects a reason list is asked for, and the actions (`status`: the staff's status change). */
export const REASON_OBJECT_TYPES = ['question', 'answer', 'comment', 'user'] as const;
export type ReasonObjectType = (typeof REASON_OBJECT_TYPES)[number];
export const REASON_ACTIONS = ['status', 'close', 'flag', 'review'] as const;
export type ReasonAction = (typeof REASON_ACTIONS)[number];

/**
 * Which reasons each object type offers for each action; a member may also flag another
 * member, with the reasons that fit a person (docs/behaviour-decisions.md). An absent pair offers none.
 */
export const REASON_LISTS: Readonly<Partial<Record<`${ReasonObjectType}.${ReasonAction}`, readonly ReasonName[]>>> = {
  'question.flag': ['spam', 'rude_or_abusive', 'something', 'a_duplicate'],
  'answer.flag': ['spam', 'rude_or_abusive', 'something', 'not_a_answer'],
  'comment.flag': ['spam', 'rude_or_abusive', 'something', 'no_longer_needed'],
  'user.flag': ['spam', 'rude_or_abusive', 'something'],
  'question.close': ['a_duplicate', 'community_specific', 'not_clarity', 'something'],
  'question.status': ['normal', 'closed', 'deleted'],
  'answer.status': ['normal', 'deleted'],
  'comment.status': ['normal', 'deleted'],
  'user.status': ['normal.user', 'suspended', 'deleted.user', 'inactive'],
  'question.review': ['looks_ok', 'needs_edit', 'needs_close', 'needs_delete'],
  'answer.review': ['looks_ok', 'needs_edit', 'needs_delete'],
  'comment.review': ['looks_ok', 'needs_edit', 'needs_delete'],
};

/** The reasons one object type offers for one action, in their order. */
export function reasonsFor(objectType: ReasonObjectType, action: ReasonAction): readonly ReasonName[] {
  return REASON_LISTS[`${objectType}.${action}`] ?? [];
}

/** The reason a `reason_type` names among those an object type offers for an action, if it is one of them. */
export function reasonOfType(objectType: ReasonObjectType, action: ReasonAction, type: number): ReasonName | undefined {
  return reasonsFor(objectType, action).find((name) => REASONS[name].type === type);
}

interface ReasonText {
  name: string;
  description: string;
  placeholder?: string;
}

const en_US: Record<ReasonName, ReasonText> = {
  spam: {
    name: 'spam',
    description: 'This post is an advertisement, or vandalism. It is not useful or relevant to the current topic.',
  },
  rude_or_abusive: {
    name: 'rude or abusive',
    description: 'A reasonable person would find this content inappropriate for respectful discourse.',
  },
  something: {
    name: 'something else',
    description: 'This post requires staff attention for another reason not listed above.',
    placeholder: 'Let us know specifically what you are concerned about',
  },
  a_duplicate: {
    name: 'a duplicate',
    description: 'This question has been asked before and already has an answer.',
    placeholder: 'Enter the existing question link',
  },
  not_a_answer: {
    name: 'not an answer',
    description:
      'This was posted as an answer, but it does not attempt to answer the question. It should possibly be an edit, a comment, another question, or deleted altogether.',
  },
  no_longer_needed: {
    name: 'no longer needed',
    description: 'This comment is outdated, conversational or not relevant to this post.',
  },
  community_specific: {
    name: 'a community-specific reason',
    description: "This question doesn't meet a community guideline.",
  },
  not_clarity: {
    name: 'needs details or clarity',
    description: 'This question currently includes multiple questions in one. It should focus on one problem only.',
  },
  normal: { name: 'normal', description: 'A normal post available to everyone.' },
  'normal.user': { name: 'normal', description: 'A normal user can ask and answer questions.' },
  closed: {
    name: 'closed',
    description: "A closed question can't be answered, but can still be edited, voted on and commented on.",
  },
  deleted: { name: 'deleted', description: 'Removed from the site; the reputation it earned or cost stays as it was.' },
  'deleted.user': { name: 'deleted', description: 'Delete the profile and its sign-in connections.' },
  suspended: { name: 'suspended', description: "A suspended user can't sign in." },
  inactive: { name: 'inactive', description: 'An inactive user must confirm their email again.' },
  looks_ok: { name: 'looks ok', description: 'This post is good as-is and not low quality.' },
  needs_edit: {
    name: 'needs edit, and I did it',
    description: 'Improve and correct problems with this post yourself.',
  },
  needs_close: {
    name: 'needs close',
    description: "A closed question can't be answered, but can still be edited, voted on and commented on.",
  },
  needs_delete: { name: 'needs delete', description: 'This post will be deleted.' },
};

const zh_CN: Record<ReasonName, ReasonText> = {
  spam: { name: '垃圾信息', description: '此帖子是广告或恶意破坏，对当前主题没有帮助也不相关。' },
  rude_or_abusive: { name: '粗鲁或辱骂', description: '理性的人会认为这些内容不适合尊重他人的讨论。' },
  something: {
    name: '其他原因',
    description: '此帖子因上面未列出的其他原因需要工作人员关注。',
    placeholder: '请具体说明您担心的问题',
  },
  a_duplicate: {
    name: '重复的问题',
    description: '这个问题以前有人问过，并且已经有了答案。',
    placeholder: '请输入已有问题的链接',
  },
  not_a_answer: {
    name: '不是答案',
    description: '这是作为答案发布的，但它并没有试图回答问题。它可能应该是编辑、评论、另一个问题，或者应被删除。',
  },
  no_longer_needed: { name: '不再需要', description: '此评论已过时、属于闲聊或与此帖子无关。' },
  community_specific: { name: '社区特定原因', description: '这个问题不符合社区准则。' },
  not_clarity: { name: '需要细节或澄清', description: '这个问题目前把多个问题合为一个，应只关注一个问题。' },
  normal: { name: '正常', description: '所有人都可以看到的正常帖子。' },
  'normal.user': { name: '正常', description: '正常用户可以提问和回答。' },
  closed: { name: '已关闭', description: '已关闭的问题不能再回答，但仍可以编辑、投票和评论。' },
  deleted: { name: '已删除', description: '从站点中移除；它获得或失去的声望保持不变。' },
  'deleted.user': { name: '已删除', description: '删除个人资料及其登录关联。' },
  suspended: { name: '已封禁', description: '被封禁的用户无法登录。' },
  inactive: { name: '未激活', description: '未激活的用户需要重新验证邮箱。' },
  looks_ok: { name: '看起来不错', description: '这个帖子保持原样就很好，质量不低。' },
  needs_edit: { name: '需要编辑，我已经改过了', description: '自己改进并纠正这个帖子的问题。' },
  needs_close: { name: '需要关闭', description: '已关闭的问题不能再回答，但仍可以编辑、投票和评论。' },
  needs_delete: { name: '需要删除', description: '这个帖子将被删除。' },
};

const TEXTS: Record<Language, Record<ReasonName, ReasonText>> = { en_US, zh_CN };

/** A reason's name, description and placeholder in a language. */
export function reasonText(name: ReasonName, language: Language): Required<ReasonText> {
  const text = TEXTS[language][name];
  return { placeholder: '', ...text };
}
