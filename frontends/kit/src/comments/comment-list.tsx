import { Limits } from '@agora/contracts/limits';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { commentApi } from '../api/calls/posts';
import { voteApi } from '../api/calls/votes';
import { queryKeys } from '../api/query-keys';
import type { CommentItem as Comment } from '../api/wire';
import { useHydrated } from '../app/use-hydrated';
import { useTranslation } from '../i18n/use-translation';
import { ownVotes } from '../live/own-votes';
import { getUser } from '../session/session';
import { captchaOn } from '../site/site-info';
import { withCaptcha } from '../ui/captcha';
import { dialogs } from '../ui/dialog-store';
import { ensureCanAct } from '../ui/login-dialog';
import { PlainButton } from '../ui/plain/plain-button';
import { toast } from '../ui/toast-store';
import { CommentForm } from './comment-form';
import { type CommentHandlers, CommentItem } from './comment-item';
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

/** The page after `all`, while the post has comments not yet loaded. */
function nextPageAfter(all: CommentPages['pages']): number | undefined {
  const loaded = flatten({ pages: all, pageParams: [] }).length;
  return loaded < (all[0]?.count ?? 0) && (all.at(-1)?.list.length ?? 0) > 0 ? all.length + 1 : undefined;
}

interface CommentListProps {
  objectId: string;
  onReport: (comment: Comment) => void;
}

/**
 * A post's comments: 3, then 15 per 'show more'; add, reply (after its parent), inline
 * edit, delete after confirmation, vote toggle; @mentions sent as mention_username_list.
 * The server draws the comments the page fetched without a query observer per post (a question page has dozens
 * of posts, docs/adr/0083-plain-post-parts.md); once hydrated, the browser's list is the live one.
 */
export function CommentList(props: CommentListProps) {
  return useHydrated() ? <LiveCommentList {...props} /> : <DrawnCommentList objectId={props.objectId} />;
}

const INERT: CommentHandlers = {
  onVote: () => {},
  onReply: async () => {},
  onEdit: async () => {},
  onDelete: () => {},
  onReport: () => {},
};

/** The comments as the page's reads left them in the cache: what the live list draws first. */
function DrawnCommentList({ objectId }: { objectId: string }) {
  const data = useQueryClient().getQueryData<CommentPages>(queryKeys.comments(objectId));
  return (
    <CommentsView
      objectId={objectId}
      list={flatten(data)}
      total={data?.pages[0]?.count ?? 0}
      handlers={INERT}
      more={data && nextPageAfter(data.pages) !== undefined ? { loading: false, load: () => {} } : null}
      onAdd={async () => {}}
    />
  );
}

function LiveCommentList({ objectId, onReport }: CommentListProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = queryKeys.comments(objectId);
  const comments = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchPage(objectId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (_last, all) => nextPageAfter(all),
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
      // Its message comes back on the stream: the count is set from this answer, not added to again.
      const deltas = comment.is_vote ? [-1] : [1];
      ownVotes.expect(comment.comment_id, deltas);
      void voteApi.vote('up', comment.comment_id, comment.is_vote).then(
        (result) =>
          update((data) =>
            patchComment(data, comment.comment_id, {
              vote_count: result.votes,
              is_vote: result.vote_status === 'vote_up',
            }),
          ),
        () => ownVotes.forget(comment.comment_id, deltas),
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
  return (
    <CommentsView
      objectId={objectId}
      list={flatten(comments.data)}
      total={comments.data?.pages[0]?.count ?? 0}
      handlers={handlers}
      more={
        comments.hasNextPage
          ? { loading: comments.isFetchingNextPage, load: () => void comments.fetchNextPage() }
          : null
      }
      onAdd={(text) => add(text)}
    />
  );
}

/** The list itself, whichever side draws it. */
function CommentsView({
  objectId,
  list,
  total,
  handlers,
  more,
  onAdd,
}: {
  objectId: string;
  list: Comment[];
  total: number;
  handlers: CommentHandlers;
  more: { loading: boolean; load: () => void } | null;
  onAdd: (text: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
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
        {more ? (
          <PlainButton onClick={more.load} disabled={more.loading}>
            {t('ui.comments.show_more', { count: total - list.length })}
          </PlainButton>
        ) : null}
      </div>
      {adding ? (
        <CommentForm
          submitLabel={t('ui.comments.add')}
          onSubmit={(text) => onAdd(text).then(() => setAdding(false))}
          onCancel={() => setAdding(false)}
        />
      ) : null}
    </div>
  );
}
