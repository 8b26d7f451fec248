import { slugInLinks } from '@agora/contracts/posts/question-path';

export { questionPath, slugInLinks } from '@agora/contracts/posts/question-path';

/** The route pattern of question links (what `questionPath` builds; DESIGN §7, "Routes"). */
export const QUESTION_ROUTE = '/questions/:questionId/:slugOrAnswerId?/:answerId?';

/** The answer a question link names, if any: its third segment, or its second when that is not the slug. */
export function linkedAnswerId(
  params: { slugOrAnswerId?: string; answerId?: string },
  permalink: number | undefined,
): string | undefined {
  if (params.answerId) return params.answerId;
  const second = params.slugOrAnswerId;
  // Without a slug in links (settings 2 and 4) a second segment is an answer; a long answer id always is.
  if (second && (!slugInLinks(permalink) || /^1002\d{19}$/.test(second))) return second;
  return undefined;
}

export const tagPath = (slugName: string) => `/tags/${encodeURIComponent(slugName)}`;
