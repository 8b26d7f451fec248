import type { InfiniteData } from '@tanstack/react-query';
import type { CommentItem, Page } from '../api/wire';

export type CommentPages = InfiniteData<Page<CommentItem>, unknown>;

/** Every comment loaded so far, once each (the first page is by votes, the next ones by time). */
export function flatten(data: CommentPages | undefined): CommentItem[] {
  const seen = new Set<string>();
  const all: CommentItem[] = [];
  for (const page of data?.pages ?? []) {
    for (const comment of page.list) {
      if (seen.has(comment.comment_id)) continue;
      seen.add(comment.comment_id);
      all.push(comment);
    }
  }
  return all;
}

const mapPages = (data: CommentPages, map: (list: CommentItem[]) => CommentItem[]): CommentPages => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, list: map(page.list) })),
});

export const patchComment = (data: CommentPages, id: string, change: Partial<CommentItem>) =>
  mapPages(data, (list) => list.map((c) => (c.comment_id === id ? { ...c, ...change } : c)));

export const removeComment = (data: CommentPages, id: string): CommentPages => {
  const next = mapPages(data, (list) => list.filter((c) => c.comment_id !== id));
  return { ...next, pages: next.pages.map((p, i) => (i === 0 ? { ...p, count: Math.max(0, p.count - 1) } : p)) };
};

/** A new comment: a reply goes right after its parent, any other at the end. */
export function insertComment(data: CommentPages, comment: CommentItem): CommentPages {
  const pages = data.pages.map((p) => ({ ...p, list: [...p.list] }));
  const parentPage = comment.reply_comment_id
    ? pages.find((p) => p.list.some((c) => c.comment_id === comment.reply_comment_id))
    : undefined;
  if (parentPage) {
    const at = parentPage.list.findIndex((c) => c.comment_id === comment.reply_comment_id);
    parentPage.list.splice(at + 1, 0, comment);
  } else {
    pages[pages.length - 1]?.list.push(comment);
  }
  if (pages[0]) pages[0].count += 1;
  return { ...data, pages };
}
