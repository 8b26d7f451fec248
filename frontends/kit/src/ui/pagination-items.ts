export type PageItem =
  | { kind: 'page'; page: number }
  | { kind: 'ellipsis'; key: string }
  | { kind: 'prev' | 'next'; page: number };

/**
 * Pagination: the first pages 1 to 5, ellipses around the current window, the last page,
 * previous and next. Nothing for a single page.
 */
export function pageItems(current: number, totalItems: number, pageSize: number): PageItem[] {
  const pages = Math.max(1, Math.ceil(totalItems / pageSize));
  if (pages <= 1) return [];
  const page = Math.min(Math.max(1, current), pages);
  const shown = new Set<number>();
  if (page <= 4) for (let p = 1; p <= Math.min(5, pages); p++) shown.add(p);
  else if (page >= pages - 3) for (let p = Math.max(1, pages - 4); p <= pages; p++) shown.add(p);
  else for (let p = page - 1; p <= page + 1; p++) shown.add(p);
  shown.add(1);
  shown.add(pages);
  const items: PageItem[] = [];
  if (page > 1) items.push({ kind: 'prev', page: page - 1 });
  let previous = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (p - previous > 1) items.push({ kind: 'ellipsis', key: `e${p}` });
    items.push({ kind: 'page', page: p });
    previous = p;
  }
  if (page < pages) items.push({ kind: 'next', page: page + 1 });
  return items;
}
