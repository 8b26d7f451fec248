import { PostStatus } from '@agora/contracts/posts/status';
import {
  type AnswerInfo,
  answerApi,
  type CommentItem,
  CommentList,
  invalidateKeys,
  LinkButton,
  PostHtml,
  type QuestionInfo,
  queryKeys,
  questionPath,
  ShareMenu,
  usePermalink,
  useTranslation,
  useUser,
} from '@agora/kit';
import Check from '@mui/icons-material/Check';
import { Box, Button, Chip } from '@mui/material';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { BookmarkButton } from './bookmark-button';
import { PostActions } from './post-actions';
import { PostAuthor } from './post-author';
import { ReactionBar } from './reaction-bar';
import { VoteButtons } from './vote-buttons';

/** One answer: votes, body, accepted marker and the asker's accept toggle, bookmark, share, actions, comments. */
export function AnswerView({
  answer,
  question,
  answersKey,
  highlighted,
  onReport,
}: {
  answer: AnswerInfo;
  question: QuestionInfo;
  answersKey: QueryKey;
  highlighted: boolean;
  onReport: (comment: CommentItem) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useUser();
  const permalink = usePermalink();
  const accepted = answer.accepted === 2 || question.accepted_answer_id === answer.id;
  const patch = (change: Partial<AnswerInfo>) =>
    client.setQueryData<{ count: number; list: AnswerInfo[] }>(answersKey, (page) =>
      page ? { ...page, list: page.list.map((a) => (a.id === answer.id ? { ...a, ...change } : a)) } : page,
    );
  const accept = useMutation({
    mutationFn: () => answerApi.accept(question.id, accepted ? '0' : answer.id),
    onSuccess: () => invalidateKeys(client, queryKeys.questionInfos(), queryKeys.answerPages()),
  });
  const isAsker = user?.id === question.user_info?.id;
  return (
    <Box
      component="article"
      id={`answer-${answer.id}`}
      data-testid="answer"
      data-answer-id={answer.id}
      sx={{
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        ...(highlighted ? { bgcolor: 'rgba(255, 193, 7, 0.08)' } : {}),
      }}
    >
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
          <VoteButtons
            objectId={answer.id}
            authorId={answer.user_info?.id}
            votes={answer.vote_count}
            status={answer.vote_status}
            locked={answer.status === PostStatus.pending}
            onVoted={(r) => patch({ vote_count: r.votes, vote_status: r.vote_status })}
          />
          {accepted ? (
            <Chip
              size="small"
              color="success"
              icon={<Check />}
              label={t('ui.detail.accepted')}
              data-testid="accepted"
            />
          ) : null}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {answer.status === PostStatus.deleted ? (
            <Chip size="small" color="warning" label={t('ui.detail.deleted')} sx={{ mb: 1 }} />
          ) : null}
          {answer.status === PostStatus.pending ? (
            <Chip
              size="small"
              color="info"
              label={t('ui.detail.pending')}
              sx={{ mb: 1 }}
              data-testid="answer-pending"
            />
          ) : null}
          <PostHtml html={answer.html} testId="answer-body" />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mt: 1 }}>
            <ReactionBar
              objectId={answer.id}
              locked={answer.status !== PostStatus.available || question.status === PostStatus.deleted}
            />
            {isAsker && question.status !== PostStatus.deleted ? (
              <Button
                size="small"
                variant={accepted ? 'contained' : 'outlined'}
                color="success"
                onClick={() => accept.mutate()}
                disabled={accept.isPending}
                data-testid="accept"
              >
                {t(accepted ? 'ui.detail.unaccept' : 'ui.detail.accept')}
              </Button>
            ) : null}
            {answer.status === PostStatus.pending ? null : (
              <>
                <BookmarkButton
                  objectId={answer.id}
                  collected={answer.collected}
                  count={0}
                  onChange={(collected) => patch({ collected })}
                />
                <ShareMenu
                  path={questionPath(permalink, question.id, question.url_title, answer.id)}
                  title={question.title}
                />
              </>
            )}
            <PostActions
              post={{ kind: 'answer', questionId: question.id, id: answer.id, actions: answer.member_actions ?? [] }}
            />
            {user ? (
              <LinkButton to={`/posts/${question.id}/${answer.id}/timeline`} size="small" color="inherit">
                {t('ui.detail.timeline')}
              </LinkButton>
            ) : null}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <PostAuthor user={answer.user_info} label={t('ui.detail.answered')} time={answer.create_time} />
          </Box>
          <CommentList objectId={answer.id} onReport={onReport} />
        </Box>
      </Box>
    </Box>
  );
}
