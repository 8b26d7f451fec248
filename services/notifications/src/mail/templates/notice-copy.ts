import type { Language } from '@agora/contracts';
import type { NoticeKind } from '../../domain/actions';

export type { NoticeKind };

export interface NoticeParams {
  siteName: string;
  actorName: string;
  title: string;
  tags: string;
}

interface KindCopy {
  subject: (p: NoticeParams) => string;
  /** The sentence that says what happened (also a digest's line). */
  line: (p: NoticeParams) => string;
}

export interface LanguageCopy {
  kinds: Record<NoticeKind, KindCopy>;
  greeting: (name: string) => string;
  view: string;
  digestSubject: (p: { siteName: string; count: number; frequency: 'daily' | 'weekly' }) => string;
  digestIntro: (p: { count: number; frequency: 'daily' | 'weekly' }) => string;
  more: (count: number) => string;
  why: string;
  settings: string;
  unsubscribe: string;
  signature: (site: string) => string;
}

export const NOTICE_COPY: Record<Language, LanguageCopy> = {
  en_US: {
    kinds: {
      new_answer: {
        subject: (p) => `[${p.siteName}] New answer to "${p.title}"`,
        line: (p) => `${p.actorName} answered your question "${p.title}".`,
      },
      new_comment_question: {
        subject: (p) => `[${p.siteName}] New comment on "${p.title}"`,
        line: (p) => `${p.actorName} commented on your question "${p.title}".`,
      },
      new_comment_answer: {
        subject: (p) => `[${p.siteName}] New comment on your answer to "${p.title}"`,
        line: (p) => `${p.actorName} commented on your answer to "${p.title}".`,
      },
      reply: {
        subject: (p) => `[${p.siteName}] ${p.actorName} replied to you on "${p.title}"`,
        line: (p) => `${p.actorName} replied to your comment on "${p.title}".`,
      },
      invited_to_answer: {
        subject: (p) => `[${p.siteName}] ${p.actorName} invited you to answer "${p.title}"`,
        line: (p) => `${p.actorName} invited you to answer "${p.title}".`,
      },
      new_question: {
        subject: (p) => `[${p.siteName}] New question: ${p.title}`,
        line: (p) => `${p.actorName} asked "${p.title}".`,
      },
      new_question_tags: {
        subject: (p) => `[${p.siteName}] New question in ${p.tags}: ${p.title}`,
        line: (p) => `${p.actorName} asked "${p.title}" in ${p.tags}, a tag you follow.`,
      },
    },
    greeting: (name) => (name ? `Hi ${name},` : 'Hi,'),
    view: 'View it here:',
    digestSubject: ({ siteName, count, frequency }) =>
      `[${siteName}] Your ${frequency} summary: ${count} ${count === 1 ? 'update' : 'updates'}`,
    digestIntro: ({ count, frequency }) =>
      `Here is what happened since your last ${frequency === 'daily' ? 'daily' : 'weekly'} summary (${count} ${count === 1 ? 'update' : 'updates'}):`,
    more: (count) => `…and ${count} more.`,
    why: 'You receive this mail because of your notification settings.',
    settings: 'Change them here:',
    unsubscribe: 'Stop these mails with one click:',
    signature: (site) => `— ${site}`,
  },
  zh_CN: {
    kinds: {
      new_answer: {
        subject: (p) => `[${p.siteName}] 你的问题“${p.title}”有了新回答`,
        line: (p) => `${p.actorName} 回答了你的问题“${p.title}”。`,
      },
      new_comment_question: {
        subject: (p) => `[${p.siteName}] 你的问题“${p.title}”有了新评论`,
        line: (p) => `${p.actorName} 评论了你的问题“${p.title}”。`,
      },
      new_comment_answer: {
        subject: (p) => `[${p.siteName}] 你在“${p.title}”下的回答有了新评论`,
        line: (p) => `${p.actorName} 评论了你在“${p.title}”下的回答。`,
      },
      reply: {
        subject: (p) => `[${p.siteName}] ${p.actorName} 在“${p.title}”中回复了你`,
        line: (p) => `${p.actorName} 在“${p.title}”中回复了你的评论。`,
      },
      invited_to_answer: {
        subject: (p) => `[${p.siteName}] ${p.actorName} 邀请你回答“${p.title}”`,
        line: (p) => `${p.actorName} 邀请你回答“${p.title}”。`,
      },
      new_question: {
        subject: (p) => `[${p.siteName}] 新问题：${p.title}`,
        line: (p) => `${p.actorName} 提出了问题“${p.title}”。`,
      },
      new_question_tags: {
        subject: (p) => `[${p.siteName}] ${p.tags} 中的新问题：${p.title}`,
        line: (p) => `${p.actorName} 在你关注的标签 ${p.tags} 中提出了问题“${p.title}”。`,
      },
    },
    greeting: (name) => (name ? `${name}，你好：` : '你好：'),
    view: '点击查看：',
    digestSubject: ({ siteName, count, frequency }) =>
      `[${siteName}] ${frequency === 'daily' ? '每日' : '每周'}摘要：${count} 条更新`,
    digestIntro: ({ count, frequency }) =>
      `以下是自上次${frequency === 'daily' ? '每日' : '每周'}摘要以来的 ${count} 条更新：`,
    more: (count) => `……还有 ${count} 条。`,
    why: '你收到这封邮件是因为你的通知设置。',
    settings: '在这里修改设置：',
    unsubscribe: '一键退订这类邮件：',
    signature: (site) => `— ${site}`,
  },
};
