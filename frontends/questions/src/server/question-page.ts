import {
  type AnswerInfo,
  type AnswerWithQuestion,
  type CommentItem,
  linkedAnswerId,
  type Page,
  type PageContext,
  type PageLoad,
  QUESTION_ROUTE,
  type QuestionComments,
  type QuestionInfo,
  queryKeys,
  questionPath,
  type ServerPage,
  summary,
} from '@agora/kit';
import { qaPage } from './qa-page';

const NO_COMMENTS: Page<CommentItem> = { count: 0, list: [] };

/**
 * The id of the answer a question link names, as the answers list gives it: an old link's form (an imported
 * site's, docs/adr/0094-importing-a-community.md) is asked of the API, which takes every form and answers the
 * canonical one.
 */
async function canonicalAnswerId(
  api: PageContext['api'],
  linked: string | undefined,
  questionId: string,
  list: AnswerInfo[],
): Promise<string | undefined> {
  if (!linked || list.some((a) => a.id === linked)) return linked;
  const answer = await api<AnswerWithQuestion>(`answer/info?id=${encodeURIComponent(linked)}`);
  const info = answer.status === 200 ? answer.data?.info : undefined;
  return info && info.question_id === questionId ? info.id : linked;
}

/**
 * The question page as the browser's `QuestionDetailPage` asks for it: the question, its first page of answers
 * in the default order, and the first comments of each post (all in one read, as the browser's first page of each
 * post's comments), all as an anonymous visitor (docs/adr/0071-public-page-caching.md).
 */
async function load({ params, pathname, search, api, site }: PageContext): Promise<PageLoad> {
  const questionId = params.questionId ?? '';
  const order = search.get('order') ?? 'default';
  if (order !== 'default') return { kind: 'refused' };
  const [question, answers] = await Promise.all([
    api<QuestionInfo>(`question/info?id=${encodeURIComponent(questionId)}`),
    api<Page<AnswerInfo>>(
      `answer/page?question_id=${encodeURIComponent(questionId)}&order=default&page=1&page_size=100`,
    ),
  ]);
  if (question.status === 404) return { kind: 'not-found' };
  // Refused (private site), or not a question id at all (`/questions/ask`, drawn by the browser's own route).
  if (question.status !== 200 || !question.data) return { kind: 'refused' };
  const q = question.data;
  const permalink = site.site_seo.permalink;
  const canonicalPath = questionPath(permalink, q.id, q.url_title);
  // A link to one of its answers stays one; any other form of the address (an old slug, the other id form) moves.
  const list = answers.status === 200 && answers.data ? answers.data.list : [];
  const linked = await canonicalAnswerId(api, linkedAnswerId(params, permalink), q.id, list);
  const expected = questionPath(permalink, q.id, q.url_title, list.some((a) => a.id === linked) ? linked : undefined);
  if (pathname !== expected) return { kind: 'redirect', location: `${expected}${search.size ? `?${search}` : ''}` };
  const firstComments = await api<QuestionComments>(`comment/question?question_id=${encodeURIComponent(q.id)}`);
  const pages = new Map(
    (firstComments.data?.list ?? []).map(({ object_id, count, list }) => [object_id, { count, list }]),
  );
  return {
    kind: 'page',
    head: {
      title: q.title,
      description: summary(q.description || q.content),
      canonicalPath,
      type: 'article',
      structuredData: qaPage(q, list, (p) => `${site.general.site_url.replace(/\/+$/, '')}${p}`, canonicalPath),
    },
    queries: [
      { key: queryKeys.questionInfo(q.id), data: q },
      ...(answers.data ? [{ key: queryKeys.answerPage(q.id, order), data: answers.data }] : []),
      ...(firstComments.status === 200
        ? [q.id, ...list.map((a) => a.id)].map((id) => ({
            key: queryKeys.comments(id),
            data: pages.get(id) ?? NO_COMMENTS,
            infinite: true,
          }))
        : []),
    ],
  };
}

export const questionPage: ServerPage = { pattern: QUESTION_ROUTE, load };
