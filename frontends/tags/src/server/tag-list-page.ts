import { Limits } from '@agora/contracts/limits';
import {
  i18n,
  type Page,
  type PageContext,
  type PageLoad,
  queryKeys,
  type ServerPage,
  type TagPageItem,
} from '@agora/kit';
import { TAG_SORTS } from './tag-sorts';

/**
 * The tag list (`/tags`) as the browser's `TagListPage` first asks for it: one page of a sort, unfiltered, as a
 * visitor; a page past the last is a 404. Its canonical address names the sort and the page only when they are
 * not the defaults (docs/adr/0066-server-rendered-public-pages.md).
 */
async function load({ search, api, site }: PageContext): Promise<PageLoad> {
  const sort = TAG_SORTS.find((s) => s === search.get('sort')) ?? TAG_SORTS[0];
  const page = Math.max(1, Number(search.get('page')) || 1);
  const params = { page, page_size: Limits.pageSize.default, query_cond: sort, slug_name: undefined };
  const tags = await api<Page<TagPageItem>>(`tags/page?page=${page}&page_size=${params.page_size}&query_cond=${sort}`);
  if (tags.status === 404) return { kind: 'not-found' };
  if (tags.status !== 200 || !tags.data) return { kind: 'refused' };
  if (page > 1 && tags.data.list.length === 0) return { kind: 'not-found' };
  const query = new URLSearchParams();
  if (sort !== TAG_SORTS[0]) query.set('sort', sort);
  if (page > 1) query.set('page', String(page));
  const t = i18n.getFixedT(site.interface.language);
  const names = tags.data.list.map((tag) => tag.display_name).join(', ');
  return {
    kind: 'page',
    head: {
      title: t('ui.tags.heading'),
      description: names ? `${t('ui.tags.heading')}: ${names}` : t('ui.tags.heading'),
      canonicalPath: `/tags${query.size ? `?${query}` : ''}`,
      type: 'website',
    },
    queries: [{ key: queryKeys.tagPage(params), data: tags.data }],
  };
}

export const tagListPage: ServerPage = { pattern: '/tags', load };
