import { Limits } from '@agora/contracts/limits';
import {
  i18n,
  type Page,
  type PageContext,
  type PageLoad,
  QUESTION_SORTS,
  type QuestionPageItem,
  queryKeys,
  type ServerPage,
  summary,
  type TagInfo,
  tagPath,
} from '@agora/kit';

/**
 * A tag's page (`/tags/{slug}`) as the browser's `TagPage` asks for it: the tag, then one page of its questions
 * by sort, as a visitor. An unknown tag, or a page past the last, is a 404; another spelling of the slug moves
 * to the tag's own (docs/adr/0066-server-rendered-public-pages.md).
 */
async function load({ params, pathname, search, api, site }: PageContext): Promise<PageLoad> {
  const name = params.tagName ?? '';
  const tag = await api<TagInfo>(`tag?name=${encodeURIComponent(name)}`);
  if (tag.status === 404) return { kind: 'not-found' };
  if (tag.status !== 200 || !tag.data) return { kind: 'refused' };
  const info = tag.data;
  const canonical = tagPath(info.slug_name);
  if (pathname !== canonical) return { kind: 'redirect', location: `${canonical}${search.size ? `?${search}` : ''}` };
  const sort = QUESTION_SORTS.find((s) => s === search.get('sort')) ?? Limits.defaults.questionSort;
  const page = Math.max(1, Number(search.get('page')) || 1);
  // A synonym lists its main tag's questions, as the screen does.
  const listed = info.main_tag_slug_name || info.slug_name;
  const listParams = { order: sort, page, page_size: Limits.pageSize.questionList, tag: listed };
  const list = await api<Page<QuestionPageItem>>(
    `question/page?order=${sort}&page=${page}&page_size=${listParams.page_size}&tag=${encodeURIComponent(listed)}`,
  );
  if (list.status === 404) return { kind: 'not-found' };
  if (list.status !== 200 || !list.data) return { kind: 'refused' };
  if (page > 1 && list.data.list.length === 0) return { kind: 'not-found' };
  const query = new URLSearchParams();
  if (sort !== Limits.defaults.questionSort) query.set('sort', sort);
  if (page > 1) query.set('page', String(page));
  const t = i18n.getFixedT(site.interface.language);
  return {
    kind: 'page',
    head: {
      title: t('ui.tags.tagged', { tag: info.display_name }),
      description: summary(info.excerpt || info.original_text) || t('ui.tags.tagged', { tag: info.display_name }),
      canonicalPath: `${canonical}${query.size ? `?${query}` : ''}`,
      type: 'website',
    },
    queries: [
      { key: queryKeys.tagInfo({ name }), data: info },
      { key: queryKeys.questionPage(listParams), data: list.data },
    ],
  };
}

export const tagPage: ServerPage = { pattern: '/tags/:tagName', load };
