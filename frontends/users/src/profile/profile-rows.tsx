import { AnswerAcceptance } from '@agora/contracts/posts/status';
import {
  hasAccepted,
  Link,
  type PersonalComment,
  type QuestionInfo,
  questionPath,
  type RankPageItem,
  RelativeTime,
  TagChips,
  type UserAnswerInfo,
  type UserQuestionInfo,
  usePermalink,
  useTranslation,
  type VotePageItem,
} from '@agora/kit';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ProfileRow } from './profile-list';

function Title({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Typography component="h3" sx={{ fontSize: 16, fontWeight: 500, overflowWrap: 'anywhere' }}>
      <Link to={to} color="inherit">
        {children}
      </Link>
    </Typography>
  );
}

function Meta({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, color: 'text.secondary', fontSize: 13, mt: 0.5, mb: 0.5 }}>
      {children}
    </Box>
  );
}

function Accepted({ label }: { label: string }) {
  return (
    <Box component="span" sx={{ color: 'success.main', display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
      <CheckCircleOutline sx={{ fontSize: 16 }} />
      {label}
    </Box>
  );
}

/** A question the member asked: votes, answers (accepted marker), views, tags, when. */
export function QuestionItem({ question }: { question: UserQuestionInfo }) {
  const { t } = useTranslation();
  const permalink = usePermalink();
  return (
    <ProfileRow figure={question.vote_count} testId="profile-question">
      <Title to={questionPath(permalink, question.question_id, question.url_title)}>
        {question.title}
        {question.status === 'closed' ? ` [${t('ui.questions.closed')}]` : ''}
        {question.status === 'pending' ? ` [${t('ui.detail.pending')}]` : ''}
      </Title>
      <Meta>
        <span>{t('ui.questions.answers', { count: question.answer_count, value: question.answer_count })}</span>
        <span>{t('ui.questions.views', { count: question.view_count, value: question.view_count })}</span>
        {hasAccepted(question.accepted_answer_id) ? <Accepted label={t('ui.detail.accepted')} /> : null}
        <span>
          {t('ui.profile.asked')} <RelativeTime time={question.created_at} />
        </span>
      </Meta>
      <TagChips tags={question.tags} />
    </ProfileRow>
  );
}

/** An answer the member wrote: its votes, the question it answers, accepted or not, when. */
export function AnswerItem({ answer }: { answer: UserAnswerInfo }) {
  const { t } = useTranslation();
  const permalink = usePermalink();
  return (
    <ProfileRow
      figure={answer.vote_count}
      figureTone={answer.accepted === AnswerAcceptance.accepted ? 'success' : 'default'}
      testId="profile-answer"
    >
      <Title to={questionPath(permalink, answer.question_id, answer.question_info.url_title, answer.answer_id)}>
        {answer.question_info.title}
      </Title>
      <Meta>
        {answer.accepted === AnswerAcceptance.accepted ? <Accepted label={t('ui.detail.accepted')} /> : null}
        <span>
          {t('ui.profile.answered')} <RelativeTime time={answer.create_time} />
        </span>
      </Meta>
      <TagChips tags={answer.question_info.tags} />
    </ProfileRow>
  );
}

/** A question the member bookmarked. */
export function BookmarkItem({ question }: { question: QuestionInfo }) {
  const { t } = useTranslation();
  const permalink = usePermalink();
  return (
    <ProfileRow figure={question.vote_count} testId="profile-bookmark">
      <Title to={questionPath(permalink, question.id, question.url_title)}>{question.title}</Title>
      <Meta>
        <span>{t('ui.questions.answers', { count: question.answer_count, value: question.answer_count })}</span>
        <span>{t('ui.questions.views', { count: question.view_count, value: question.view_count })}</span>
        {hasAccepted(question.accepted_answer_id) ? <Accepted label={t('ui.detail.accepted')} /> : null}
        <span>
          {t('ui.profile.asked')} <RelativeTime time={question.create_time} />
        </span>
      </Meta>
      <TagChips tags={question.tags} />
    </ProfileRow>
  );
}

/** The link of the post a history row is about: the question, or its answer. */
function usePostPath(item: { question_id: string; url_title: string; answer_id: string }) {
  const permalink = usePermalink();
  return questionPath(permalink, item.question_id, item.url_title, item.answer_id || undefined);
}

/** A comment the member wrote, under the title of its question. */
export function CommentItem({ comment }: { comment: PersonalComment }) {
  const path = usePostPath(comment);
  return (
    <ProfileRow testId="profile-comment">
      <Title to={path}>{comment.title}</Title>
      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {comment.content}
      </Typography>
      <Meta>
        <RelativeTime time={comment.created_at} />
      </Meta>
    </ProfileRow>
  );
}

/** A reputation change: how much, why (translated by the server), on which post, when. */
export function ReputationItem({ entry }: { entry: RankPageItem }) {
  const path = usePostPath(entry);
  const gain = entry.reputation > 0;
  return (
    <ProfileRow
      figure={gain ? `+${entry.reputation}` : entry.reputation}
      figureTone={gain ? 'success' : 'error'}
      testId="profile-reputation"
    >
      <Title to={path}>{entry.title}</Title>
      <Meta>
        <span data-testid="reputation-reason">{entry.rank_type}</span>
        <RelativeTime time={entry.created_at} />
      </Meta>
    </ProfileRow>
  );
}

/** A vote the member cast: up or down (translated by the server), on which post, when. */
export function VoteItem({ vote }: { vote: VotePageItem }) {
  const path = usePostPath(vote);
  return (
    <ProfileRow testId="profile-vote">
      <Title to={path}>{vote.title}</Title>
      <Meta>
        <span>{vote.vote_type}</span>
        <RelativeTime time={vote.created_at} />
      </Meta>
    </ProfileRow>
  );
}
