import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import type { CommentItem as Comment } from '../api/wire';
import { useTranslation } from '../i18n/use-translation';
import { ensureCanAct } from '../ui/login-dialog';
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
  return (
    <Box
      sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', fontSize: 14 }}
      data-testid="comment"
      data-comment-id={comment.comment_id}
    >
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Box sx={{ '& p': { display: 'inline', m: 0 } }}>
          <PostHtml html={comment.parsed_text} />
        </Box>
        <Typography variant="body2" component="span" color="text.secondary">
          – <UserLink username={comment.username}>{comment.user_display_name}</UserLink>
          {comment.reply_comment_id && comment.reply_username ? (
            <>
              {' '}
              {t('ui.comments.reply_to')}{' '}
              <UserLink username={comment.reply_username}>@{comment.reply_user_display_name}</UserLink>
            </>
          ) : null}{' '}
          · <RelativeTime time={comment.created_at} />
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, mt: 0.25 }}>
        <Button
          size="small"
          variant={comment.is_vote ? 'contained' : 'text'}
          onClick={() => handlers.onVote(comment)}
          aria-pressed={comment.is_vote}
          data-testid="comment-vote"
          startIcon={<ThumbUpOutlined fontSize="small" />}
          sx={{ minWidth: 0, py: 0 }}
        >
          {comment.vote_count}
        </Button>
        <Button size="small" sx={{ py: 0 }} onClick={() => ensureCanAct() && setMode('reply')}>
          {t('ui.comments.reply')}
        </Button>
        {can('edit') ? (
          <Button size="small" sx={{ py: 0 }} onClick={() => setMode('edit')}>
            {t('ui.actions.edit')}
          </Button>
        ) : null}
        {can('delete') ? (
          <Button size="small" sx={{ py: 0 }} color="error" onClick={() => handlers.onDelete(comment)}>
            {t('ui.actions.delete')}
          </Button>
        ) : null}
        {can('report') ? (
          <Button size="small" sx={{ py: 0 }} onClick={() => handlers.onReport(comment)}>
            {t('ui.actions.report')}
          </Button>
        ) : null}
      </Box>
      {mode === 'reply' ? (
        <CommentForm
          initial={`@${comment.username} `}
          submitLabel={t('ui.comments.reply')}
          onSubmit={(text) => handlers.onReply(comment, text).then(() => setMode('view'))}
          onCancel={() => setMode('view')}
        />
      ) : null}
    </Box>
  );
}
