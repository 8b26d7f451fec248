import type { Language } from '../i18n/languages';
import { type BadgeDefinition, type BadgeGroup, badgeById } from './catalogue';

interface BadgeTexts {
  groups: Record<BadgeGroup, string>;
  /** Per badge key: its name and what earns it (`{amount}`: the up-vote threshold). */
  badges: Record<string, { name: string; description: string }>;
  /** The achievement notification's title. */
  earned: string;
}

const en_US: BadgeTexts = {
  groups: { getting_started: 'Getting Started', community: 'Community', posting: 'Posting' },
  badges: {
    autobiographer: { name: 'Autobiographer', description: 'Filled out the profile with a bio.' },
    editor: { name: 'Editor', description: 'Edited a question or an answer for the first time.' },
    first_flag: { name: 'First Flag', description: 'Flagged a post for the first time.' },
    first_upvote: { name: 'First Upvote', description: 'Voted up a post for the first time.' },
    first_reaction: { name: 'First Reaction', description: 'Reacted to a post for the first time.' },
    first_share: { name: 'First Share', description: 'Shared a question that someone then opened.' },
    scholar: { name: 'Scholar', description: 'Accepted an answer for the first time.' },
    solved: { name: 'Solved', description: 'Wrote an answer that was accepted.' },
    nice_answer: { name: 'Nice Answer', description: 'Wrote an answer with {amount} or more up-votes.' },
    good_answer: { name: 'Good Answer', description: 'Wrote an answer with {amount} or more up-votes.' },
    great_answer: { name: 'Great Answer', description: 'Wrote an answer with {amount} or more up-votes.' },
    nice_question: { name: 'Nice Question', description: 'Asked a question with {amount} or more up-votes.' },
    good_question: { name: 'Good Question', description: 'Asked a question with {amount} or more up-votes.' },
    great_question: { name: 'Great Question', description: 'Asked a question with {amount} or more up-votes.' },
  },
  earned: 'You\'ve earned the "{badge}" badge',
};

const zh_CN: BadgeTexts = {
  groups: { getting_started: '入门', community: '社区', posting: '发帖' },
  badges: {
    autobiographer: { name: '自传作者', description: '在个人资料中填写了简介。' },
    editor: { name: '编辑', description: '首次编辑问题或回答。' },
    first_flag: { name: '首次举报', description: '首次举报帖子。' },
    first_upvote: { name: '首次赞同', description: '首次赞同帖子。' },
    first_reaction: { name: '首次回应', description: '首次对帖子做出回应。' },
    first_share: { name: '首次分享', description: '分享的问题被他人打开。' },
    scholar: { name: '学者', description: '首次采纳回答。' },
    solved: { name: '已解决', description: '写的回答被采纳。' },
    nice_answer: { name: '好回答', description: '回答获得 {amount} 个或更多赞同。' },
    good_answer: { name: '优秀回答', description: '回答获得 {amount} 个或更多赞同。' },
    great_answer: { name: '杰出回答', description: '回答获得 {amount} 个或更多赞同。' },
    nice_question: { name: '好问题', description: '问题获得 {amount} 个或更多赞同。' },
    good_question: { name: '优秀问题', description: '问题获得 {amount} 个或更多赞同。' },
    great_question: { name: '杰出问题', description: '问题获得 {amount} 个或更多赞同。' },
  },
  earned: '你获得了“{badge}”徽章',
};

const TEXTS: Record<Language, BadgeTexts> = { en_US, zh_CN };

/** A badge's name in a language (the API answers names translated, by `Accept-Language`). */
export function badgeName(language: Language, badge: BadgeDefinition): string {
  return TEXTS[language].badges[badge.key]?.name ?? badge.key;
}

/** What earns a badge, in a language. */
export function badgeDescription(language: Language, badge: BadgeDefinition): string {
  const text = TEXTS[language].badges[badge.key]?.description ?? '';
  return badge.rule.kind === 'up_votes' ? text.replace('{amount}', String(badge.rule.amount)) : text;
}

export function badgeGroupName(language: Language, group: BadgeGroup): string {
  return TEXTS[language].groups[group];
}

/** The title of a badge's achievement notification; an id no catalogue badge has gets the bare template's badge. */
export function badgeEarnedTitle(language: Language, badgeIdValue: string): string {
  const badge = badgeById(badgeIdValue);
  return TEXTS[language].earned.replace('{badge}', badge ? badgeName(language, badge) : '');
}

/** Every badge key of the catalogue has texts in every language (checked by contracts' tests). */
export function badgeTextKeys(language: Language): string[] {
  return Object.keys(TEXTS[language].badges);
}
