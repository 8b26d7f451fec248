/** Addresses of the front end's pages, from the site's address without a trailing slash. */
const root = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

export interface QuestionRef {
  questionId: string;
  urlTitle: string;
}

export function questionLink(siteUrl: string, q: QuestionRef): string {
  return `${root(siteUrl)}/questions/${q.questionId}${q.urlTitle ? `/${encodeURIComponent(q.urlTitle)}` : ''}`;
}

export function answerLink(siteUrl: string, q: QuestionRef, answerId: string): string {
  return `${root(siteUrl)}/questions/${q.questionId}/${encodeURIComponent(q.urlTitle || 'topic')}/${answerId}`;
}

/** A comment is shown on its post's page, scrolled to. */
export function commentLink(postLink: string, commentId: string): string {
  return `${postLink}?commentId=${commentId}`;
}

export function unsubscribeLink(siteUrl: string, code: string): string {
  return `${root(siteUrl)}/users/unsubscribe?code=${encodeURIComponent(code)}`;
}
