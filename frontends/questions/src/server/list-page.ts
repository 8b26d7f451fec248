import { Limits } from '@agora/contracts/limits';
import {
  type Page,
  type PageContext,
  type PageLoad,
  QUESTION_SORTS,
  type QuestionPageItem,
  queryKeys,
  type ServerPage,
} from '@agora/kit';

/**
 * The question list (`/`, `/questions`) as the browser's `QuestionList` asks for it: one page of a sort, as an
 * anonymous visitor; a page past the last answers 404. Its canonical address names the sort and the page only
 * when they are not the defaults.
 */
async function load({ search, api, site }: PageContext): Promise<PageLoad> {
  const sort = QUESTION_SORTS.find((s) => s === search.get('sort')) ?? Limits.defaults.questionSort;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const params = { order: sort, page, page_size: Limits.pageSize.questionList, tag: undefined };
  const list = await api<Page<QuestionPageItem>>(
    `question/page?order=${sort}&page=${page}&page_size=${Limits.pageSize.questionList}`,
  );
  // posts answers a page past the last with 404, as the page does.
  if (list.status === 404) return { kind: 'not-found' };
  if (list.status !== 200 || !list.data) return { kind: 'refused' };
  if (page > 1 && list.data.list.length === 0) return { kind: 'not-found' };
  const query = new URLSearchParams();
  if (sort !== Limits.defaults.questionSort) query.set('sort', sort);
  if (page > 1) query.set('page', String(page));
  const general = site.general;
  return {
    kind: 'page',
    head: {
      title: general.name,
      description: general.short_description || general.description || general.name,
      canonicalPath: `/questions${query.size ? `?${query}` : ''}`,
      type: 'website',
    },
    queries: [{ key: queryKeys.questionPage(params), data: list.data }],
  };
}

export const listPages: ServerPage[] = [
  { pattern: '/', load },
  { pattern: '/questions', load },
];
