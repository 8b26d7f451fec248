import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import { useState } from 'react';
import type { CommentItem as Comment } from '../api/wire';
import { useTranslation } from '../i18n/use-translation';
import { ensureCanAct } from '../ui/login-dialog';
import { PlainButton } from '../ui/plain/plain-button';
import { PostHtml } from '../ui/post-html';
import { RelativeTime } from '../ui/relative-time';
import { UserLink } from '../ui/user-link';
import { CommentForm } from './comment-form';

export interface CommentHandlers {
  onVote: (comment: Comment) => void;
  onReply: (comment: Comment, text: string) => Promise<unknown>;
  onEdit: (comment: Comment, text: string) => Promise<unknown>;
  onDelete: (comment: Comment) => void;
  onReport: (comment: Comment) => void;
}

/** One comment: text, author, reply-to, time, votes, and the actions the server offers (member_actions). */
export function CommentItem({ comment, handlers }: { comment: Comment; handlers: CommentHandlers }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  const can = (action: string) => comment.member_actions?.some((a) => a.action === action);
  if (mode === 'edit') {
    return (
      <CommentForm
        initial={comment.original_text}
        submitLabel={t('ui.comments.save')}
        onSubmit={(text) => handlers.onEdit(comment, text).then(() => setMode('view'))}
        onCancel={() => setMode('view')}
      />
    );
  }
  // Bare elements with the kit's static classes: a page draws every comment of every post
  // (docs/adr/0083-plain-post-parts.md).
  return (
    <div className="ag-comment" data-testid="comment" data-comment-id={comment.comment_id}>
      <div className="ag-comment__line">
        <div className="ag-comment__text">
          <PostHtml html={comment.parsed_text} />
        </div>
        <span className="ag-body2 ag-secondary">
          – <UserLink username={comment.username}>{comment.user_display_name}</UserLink>
          {comment.reply_comment_id && comment.reply_username ? (
            <>
              {' '}
              {t('ui.comments.reply_to')}{' '}
              <UserLink username={comment.reply_username}>@{comment.reply_user_display_name}</UserLink>
            </>
          ) : null}{' '}
          · <RelativeTime time={comment.created_at} />
        </span>
      </div>
      <div className="ag-comment__actions">
        <PlainButton
          compact
          className="ag-btn--narrow"
          variant={comment.is_vote ? 'contained' : 'text'}
          onClick={() => handlers.onVote(comment)}
          aria-pressed={comment.is_vote}
          data-testid="comment-vote"
          startIcon={ThumbUpOutlined}
        >
          {comment.vote_count}
        </PlainButton>
        <PlainButton compact onClick={() => ensureCanAct() && setMode('reply')}>
          {t('ui.comments.reply')}
        </PlainButton>
        {can('edit') ? (
          <PlainButton compact onClick={() => setMode('edit')}>
            {t('ui.actions.edit')}
          </PlainButton>
        ) : null}
        {can('delete') ? (
          <PlainButton compact tone="error" onClick={() => handlers.onDelete(comment)}>
            {t('ui.actions.delete')}
          </PlainButton>
        ) : null}
        {can('report') ? (
          <PlainButton compact onClick={() => handlers.onReport(comment)}>
            {t('ui.actions.report')}
          </PlainButton>
        ) : null}
      </div>
      {mode === 'reply' ? (
        <CommentForm
          initial={`@${comment.username} `}
          submitLabel={t('ui.comments.reply')}
          onSubmit={(text) => handlers.onReply(comment, text).then(() => setMode('view'))}
          onCancel={() => setMode('view')}
        />
      ) : null}
    </div>
  );
}
