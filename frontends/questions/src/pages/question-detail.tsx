import { Limits } from '@agora/contracts/limits';
import { PostStatus } from '@agora/contracts/posts/status';
import {
  answerApi,
  type CommentItem,
  CommentList,
  captchaOn,
  Loading,
  linkedAnswerId,
  moderationApi,
  NewItemsNotice,
  type PathParams,
  type QUESTION_ROUTE,
  queryKeys,
  questionApi,
  refreshLater,
  SortBar,
  toast,
  useLocation,
  usePermalink,
  useSearchParams,
  useTranslation,
  useUser,
  withCaptcha,
} from '@agora/kit';
import { Box, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AnswerForm } from '../detail/answer-form';
import { AnswerView } from '../detail/answer-view';
import { ReasonDialog } from '../detail/close-dialog';
import { InviteCard } from '../detail/invite-card';
import { LinkedQuestions } from '../detail/linked-questions';
import { QuestionView } from '../detail/question-view';
import { RelatedQuestions } from '../detail/related-questions';
import { useNewAnswers } from '../live/use-new-answers';
import { useQuestionLive } from '../live/use-question-live';

const ANSWER_ORDERS = ['default', 'updated', 'created'] as const;

/**
 * Question detail at /questions/{qid}[/{slug}][/{aid}]: the question, its answers and comments. The
 * answers are asked for beside the question, not after it. Live (docs/adr/0099-live-pages.md): what others change
 * is read again as the stream tells it, and new answers wait behind "N new answers"; without a stream the answers
 * are polled.
 */
export function QuestionDetailPage({ params }: { params: PathParams<typeof QUESTION_ROUTE> }) {
  const { t } = useTranslation();
  const location = useLocation();
  const search = useSearchParams();
  const permalink = usePermalink();
  const user = useUser();
  const { questionId } = params;
  const linkedAnswer = linkedAnswerId(params, permalink);
  const order = ANSWER_ORDERS.find((o) => o === search.get('order')) ?? 'default';
  const answersKey = queryKeys.answerPage(questionId, order);
  // A link shared by a member carries `shareUserId` (`share` in the reference's links).
  const sharer = search.get('shareUserId') ?? search.get('share') ?? undefined;
  const question = useQuery({
    queryKey: queryKeys.questionInfo(questionId),
    queryFn: () => questionApi.info(questionId, sharer),
  });
  const live = useQuestionLive(questionId);
  const client = useQueryClient();
  const answers = useQuery({
    queryKey: answersKey,
    queryFn: () => answerApi.page(questionId, order),
    refetchInterval: live ? false : Limits.liveClient.fallbackPollMs,
  });
  const newAnswers = useNewAnswers(answers.data?.list, user?.id);
  const showNewAnswers = () => {
    const ids = newAnswers.show();
    refreshLater(client, [queryKeys.questionInfo(questionId), answersKey]);
    requestAnimationFrame(() => document.getElementById(`answer-${ids[0]}`)?.scrollIntoView({ block: 'start' }));
  };
  const [reported, setReported] = useState<CommentItem | null>(null);
  // The linked answer is on the page once both have arrived, in whichever order they did.
  const shown = question.isSuccess && answers.isSuccess;
  useEffect(() => {
    if (linkedAnswer && shown) document.getElementById(`answer-${linkedAnswer}`)?.scrollIntoView({ block: 'start' });
  }, [linkedAnswer, shown]);
  useEffect(() => {
    if (question.data) document.title = question.data.title;
  }, [question.data]);
  if (question.isPending) return <Loading />;
  if (!question.data) return null;
  const q = question.data;
  const own = user?.id === q.user_info?.id;
  return (
    <Box
      sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', lg: 'row' } }}
      data-testid="question-detail"
      data-live={live ? 'open' : 'polling'}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <QuestionView question={q} path={location.pathname} />
        <Box sx={{ ml: { sm: 8 } }}>
          <CommentList objectId={q.id} onReport={setReported} />
        </Box>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            mt: 3,
            mb: 1,
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <Typography variant="h6" component="h2" data-testid="answer-count">
            {t('ui.detail.answers', {
              count: answers.data ? answers.data.count - newAnswers.fresh : q.answer_count,
            })}
          </Typography>
          <SortBar
            param="order"
            value={order}
            options={ANSWER_ORDERS.map((o) => ({ value: o, label: t(`ui.detail.order.${o}`) }))}
          />
        </Box>
        {newAnswers.shown.map((answer) => (
          <AnswerView
            key={answer.id}
            answer={answer}
            question={q}
            answersKey={answersKey}
            highlighted={answer.id === linkedAnswer}
            onReport={setReported}
          />
        ))}
        <NewItemsNotice
          label={newAnswers.fresh > 0 ? t('ui.detail.new_answers', { count: newAnswers.fresh }) : null}
          onShow={showNewAnswers}
          testId="new-answers"
          sticky
        />
        {q.status === PostStatus.available ? <AnswerForm questionId={q.id} /> : null}
      </Box>
      <Stack spacing={2} sx={{ width: { lg: 300 }, flexShrink: 0 }}>
        <InviteCard
          questionId={q.id}
          canInvite={
            Boolean(user) &&
            q.status !== PostStatus.pending &&
            (own || q.member_actions?.some((a) => a.action === 'edit'))
          }
        />
        <LinkedQuestions questionId={q.id} />
        <RelatedQuestions questionId={q.id} />
      </Stack>
      {reported ? (
        <ReasonDialog
          objectType="comment"
          action="flag"
          onClose={() => setReported(null)}
          onSubmit={(reason, content) =>
            withCaptcha('report', captchaOn(), (fields) =>
              moderationApi.report({ object_id: reported.comment_id, report_type: reason, content }, fields),
            ).then(() => toast.success(t('ui.toast.flag_thanks')))
          }
        />
      ) : null}
    </Box>
  );
}
