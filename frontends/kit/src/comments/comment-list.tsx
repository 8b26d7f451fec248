import { Limits } from '@agora/contracts/limits';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { commentApi } from '../api/calls/posts';
import { voteApi } from '../api/calls/votes';
import { queryKeys } from '../api/query-keys';
import type { CommentItem as Comment } from '../api/wire';
import { useTranslation } from '../i18n/use-translation';
import { getUser } from '../session/session';
import { captchaOn } from '../site/site-info';
import { withCaptcha } from '../ui/captcha';
import { dialogs } from '../ui/dialog-store';
import { ensureCanAct } from '../ui/login-dialog';
import { PlainButton } from '../ui/plain/plain-button';
import { toast } from '../ui/toast-store';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { type CommentPages, flatten, insertComment, patchComment, removeComment } from './comment-pages';
import { extractMentions } from './mentions';

/** Page n of a post's comments: the first 3 by votes, then 15 at a time. */
const fetchPage = (objectId: string, page: number) =>
  page === 1
    ? commentApi.page({
        object_id: objectId,
        page: 1,
        page_size: Limits.pageSize.commentsFirstPage,
        query_cond: 'vote',
      })
    : commentApi.page({ object_id: objectId, page: page - 1, page_size: Limits.pageSize.commentsMore });

/**
 * A post's comments: 3, then 15 per 'show more'; add, reply (after its parent), inline
 * edit, delete after confirmation, vote toggle; @mentions sent as mention_username_list.
 */
export function CommentList({ objectId, onReport }: { objectId: string; onReport: (comment: Comment) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = queryKeys.comments(objectId);
  const [adding, setAdding] = useState(false);
  const comments = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchPage(objectId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = flatten({ pages: all, pageParams: [] }).length;
      return loaded < (all[0]?.count ?? 0) && last.list.length > 0 ? all.length + 1 : undefined;
    },
  });
  const update = (change: (data: CommentPages) => CommentPages) =>
    client.setQueryData<CommentPages>(key, (data) => (data ? change(data) : data));

  const add = async (text: string, reply?: Comment) => {
    const comment = await withCaptcha('comment', captchaOn(), (fields) =>
      commentApi.add({
        object_id: objectId,
        original_text: text,
        mention_username_list: extractMentions(text),
        reply_comment_id: reply?.comment_id,
        ...fields,
      }),
    );
    update((data) => insertComment(data, comment));
  };
  const handlers = {
    onVote: (comment: Comment) => {
      if (!ensureCanAct()) return;
      if (getUser()?.id === comment.user_id) {
        toast.danger(t('ui.messages.vote_own_post'));
        return;
      }
      void voteApi.vote('up', comment.comment_id, comment.is_vote).then((result) =>
        update((data) =>
          patchComment(data, comment.comment_id, {
            vote_count: result.votes,
            is_vote: result.vote_status === 'vote_up',
          }),
        ),
      );
    },
    onReply: (comment: Comment, text: string) => add(text, comment),
    onEdit: async (comment: Comment, text: string) => {
      const result = await withCaptcha('edit', captchaOn(), (fields) =>
        commentApi.update({ comment_id: comment.comment_id, original_text: text, ...fields }),
      );
      update((data) => patchComment(data, comment.comment_id, result));
    },
    onDelete: (comment: Comment) =>
      dialogs.confirm(t('ui.comments.delete_confirm'), () => {
        void withCaptcha('delete', captchaOn(), (fields) => commentApi.remove(comment.comment_id, fields)).then(() =>
          update((data) => removeComment(data, comment.comment_id)),
        );
      }),
    onReport,
  };
  const list = flatten(comments.data);
  return (
    <div className="ag-comments" data-testid={`comments-${objectId}`}>
      {list.map((comment) => (
        <CommentItem key={comment.comment_id} comment={comment} handlers={handlers} />
      ))}
      <div className="ag-comments__more">
        {!adding ? (
          <PlainButton onClick={() => ensureCanAct() && setAdding(true)} data-testid="add-comment">
            {t('ui.comments.add')}
          </PlainButton>
        ) : null}
        {comments.hasNextPage ? (
          <PlainButton onClick={() => void comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
            {t('ui.comments.show_more', { count: (comments.data?.pages[0]?.count ?? 0) - list.length })}
          </PlainButton>
        ) : null}
      </div>
      {adding ? (
        <CommentForm
          submitLabel={t('ui.comments.add')}
          onSubmit={(text) => add(text).then(() => setAdding(false))}
          onCancel={() => setAdding(false)}
        />
      ) : null}
    </div>
  );
}
