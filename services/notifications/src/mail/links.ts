import { siteRoot } from '@agora/contracts';

export interface QuestionRef {
  questionId: string;
  urlTitle: string;
}

export function questionLink(siteUrl: string, q: QuestionRef): string {
  return `${siteRoot(siteUrl)}/questions/${q.questionId}${q.urlTitle ? `/${encodeURIComponent(q.urlTitle)}` : ''}`;
}

export function answerLink(siteUrl: string, q: QuestionRef, answerId: string): string {
  return `${siteRoot(siteUrl)}/questions/${q.questionId}/${encodeURIComponent(q.urlTitle || 'topic')}/${answerId}`;
}

/** A comment is shown on its post's page, scrolled to. */
export function commentLink(postLink: string, commentId: string): string {
  return `${postLink}?commentId=${commentId}`;
}

export function unsubscribeLink(siteUrl: string, code: string): string {
  return `${siteRoot(siteUrl)}/users/unsubscribe?code=${encodeURIComponent(code)}`;
}
