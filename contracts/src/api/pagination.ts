import { Type } from 'typebox';

/**
 * Bounds of every paged list's query (docs/adr/0018-strings-and-numbers-at-the-edge.md): a page number beyond them is
 * a 400, not an offset PostgreSQL cannot hold. 100,000 pages of 100 rows is past any list Agora keeps.
 */
export const PageBounds = { maxPage: 100_000, maxPageSize: 100 } as const;

/** `page` and `page_size` of a list's querystring, with the list's default (and maximum) page size. */
export function PageQuery(pageSize: { default: number; max?: number }) {
  return {
    page: Type.Integer({ minimum: 1, maximum: PageBounds.maxPage, default: 1 }),
    page_size: Type.Integer({ minimum: 1, maximum: pageSize.max ?? PageBounds.maxPageSize, default: pageSize.default }),
  };
}
