import type { LiveChange } from '@agora/contracts/live/messages';
import { type AnswerInfo, type CommentItem, type Page, type QuestionInfo, queryKeys } from '@agora/kit';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

type Vote = Extract<LiveChange, { kind: 'vote' }>;

const addTo = <T extends { vote_count: number }>(item: T, delta: number): T => ({
  ...item,
  vote_count: item.vote_count + delta,
});

/**
 * Another member's vote: its delta added to the voted post's score wherever the page holds it (the question, an
 * answer, a comment). Votes' events carry no count (docs/adr/0099-live-pages.md), and reading the question again
 * would count a view for every watcher.
 */
export function applyVote(client: QueryClient, vote: Vote): void {
  const { object_id: id, delta } = vote;
  if (id === vote.question_id) {
    client.setQueryData<QuestionInfo>(queryKeys.questionInfo(id), (q) => (q ? addTo(q, delta) : q));
    return;
  }
  client.setQueriesData<Page<AnswerInfo>>({ queryKey: queryKeys.answerPages() }, (page) =>
    page?.list.some((a) => a.id === id)
      ? { ...page, list: page.list.map((a) => (a.id === id ? addTo(a, delta) : a)) }
      : page,
  );
  client.setQueriesData<InfiniteData<Page<CommentItem>>>({ queryKey: queryKeys.commentPages() }, (data) =>
    data?.pages.some((p) => p.list.some((c) => c.comment_id === id))
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            list: p.list.map((c) => (c.comment_id === id ? addTo(c, delta) : c)),
          })),
        }
      : data,
  );
}
