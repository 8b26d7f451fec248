import { PostStatus } from '@agora/contracts/posts/status';
import {
  LinkButton,
  PostHtml,
  type QuestionInfo,
  queryKeys,
  ShareMenu,
  TagChips,
  useLoginState,
  useTranslation,
} from '@agora/kit';
import { Alert, Box, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { BookmarkButton } from './bookmark-button';
import { FollowQuestionButton } from './follow-button';
import { PostActions } from './post-actions';
import { PostAuthor } from './post-author';
import { ReactionBar } from './reaction-bar';
import { VoteButtons } from './vote-buttons';

/** The question: title, closed/deleted notice, votes, body, tags, bookmark, share, actions, authors. */
export function QuestionView({ question, path }: { question: QuestionInfo; path: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { isLogged } = useLoginState();
  const patch = (change: Partial<QuestionInfo>) =>
    client.setQueryData<QuestionInfo>(queryKeys.questionInfo(question.id), (q) => (q ? { ...q, ...change } : q));
  const edited = question.update_user_info?.username && question.edit_time > 0;
  // Held for review: only its author and moderators see it, and nobody votes on, bookmarks or shares it yet.
  const held = question.status === PostStatus.pending;
  return (
    <Box component="article" data-testid="question">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {question.title}
        {question.status === PostStatus.closed ? ` [${t('ui.questions.closed')}]` : ''}
      </Typography>
      {question.status === PostStatus.closed ? (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="closed-notice">
          {t('ui.detail.closed_notice')} {question.operation?.msg}
        </Alert>
      ) : null}
      {question.status === PostStatus.deleted ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('ui.detail.deleted_notice')}
        </Alert>
      ) : null}
      {held ? (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="pending-notice">
          {t('ui.detail.pending_notice')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2 }}>
        <VoteButtons
          objectId={question.id}
          authorId={question.user_info?.id}
          votes={question.vote_count}
          status={question.vote_status}
          locked={held}
          onVoted={(r) => patch({ vote_count: r.votes, vote_status: r.vote_status })}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <PostHtml html={question.html} testId="question-body" />
          <Box sx={{ my: 1.5 }}>
            <TagChips tags={question.tags} />
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
            <ReactionBar
              objectId={question.id}
              locked={question.status !== PostStatus.available && question.status !== PostStatus.closed}
            />
            {held ? null : (
              <>
                <BookmarkButton
                  objectId={question.id}
                  collected={question.collected}
                  count={question.collection_count}
                  onChange={(collected, count) => patch({ collected, collection_count: count })}
                />
                <FollowQuestionButton
                  questionId={question.id}
                  following={question.is_followed}
                  count={question.follow_count}
                  onChange={(is_followed, follow_count) => patch({ is_followed, follow_count })}
                />
                <ShareMenu path={path} title={question.title} />
              </>
            )}
            <PostActions
              post={{
                kind: 'question',
                questionId: question.id,
                id: question.id,
                actions: question.member_actions ?? [],
              }}
            />
            {isLogged ? (
              <LinkButton to={`/posts/${question.id}/timeline`} size="small" color="inherit">
                {t('ui.detail.timeline')}
              </LinkButton>
            ) : null}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 3, flexWrap: 'wrap', mt: 1 }}>
            {edited ? (
              <PostAuthor user={question.update_user_info} label={t('ui.detail.edited')} time={question.edit_time} />
            ) : null}
            <PostAuthor user={question.user_info} label={t('ui.detail.asked')} time={question.create_time} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
