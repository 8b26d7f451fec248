import { Pin, PostStatus } from '@agora/contracts/posts/status';
import Check from '@mui/icons-material/Check';
import PushPin from '@mui/icons-material/PushPin';
import { Box, Chip, Typography } from '@mui/material';
import type { QuestionPageItem, TagResp } from '../api/wire';
import { formatCount } from '../format/count';
import { useTranslation } from '../i18n/use-translation';
import { Link } from '../router/link';
import { questionPath, tagPath } from '../router/post-links';
import { RelativeTime } from '../ui/relative-time';
import { UserLink } from '../ui/user-link';

export const hasAccepted = (id: string | undefined) => Boolean(id && id !== '0');

export function TagChips({ tags }: { tags: TagResp[] }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {tags.map((tag) => (
        <Chip
          key={tag.slug_name}
          size="small"
          clickable
          component={Link}
          to={tagPath(tag.slug_name)}
          label={tag.display_name || tag.slug_name}
          variant={tag.reserved ? 'filled' : 'outlined'}
          color={tag.recommend ? 'primary' : 'default'}
        />
      ))}
    </Box>
  );
}

/**
 * A row of the question list: title with the pin icon (pin 2) and [closed] (status 2), the
 * operator, operation time and type, votes, answers (accepted marker) and views, tags.
 */
export function QuestionRow({ question, permalink }: { question: QuestionPageItem; permalink?: number }) {
  const { t } = useTranslation();
  const accepted = hasAccepted(question.accepted_answer_id);
  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
      data-testid="question-row"
    >
      <Typography variant="h6" component="h2" sx={{ fontSize: 17, mb: 0.5 }}>
        {question.pin === Pin.pinned ? (
          <PushPin
            titleAccess={t('ui.questions.pinned')}
            fontSize="small"
            color="warning"
            sx={{ mr: 0.5, verticalAlign: 'text-bottom' }}
            data-testid="pin-icon"
          />
        ) : null}
        <Link to={questionPath(permalink, question.id, question.url_title)} color="inherit">
          {question.title}
          {question.status === PostStatus.closed ? ` [${t('ui.questions.closed')}]` : ''}
        </Link>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, color: 'text.secondary', fontSize: 13, mb: 0.75 }}>
        {question.operator ? (
          <UserLink username={question.operator.username}>{question.operator.display_name}</UserLink>
        ) : null}
        <span>
          {t(`ui.questions.operation.${question.operation_type}`, { defaultValue: question.operation_type })}{' '}
          <RelativeTime time={question.operated_at} />
        </span>
        <span>{t('ui.questions.votes', { count: question.vote_count, value: formatCount(question.vote_count) })}</span>
        <Box
          component="span"
          sx={accepted ? { color: 'success.main', fontWeight: 600 } : undefined}
          data-testid={accepted ? 'accepted-marker' : undefined}
        >
          {accepted ? <Check fontSize="inherit" sx={{ mr: 0.25, verticalAlign: 'middle' }} /> : null}
          {t('ui.questions.answers', { count: question.answer_count, value: formatCount(question.answer_count) })}
        </Box>
        <span>{t('ui.questions.views', { count: question.view_count, value: formatCount(question.view_count) })}</span>
      </Box>
      <TagChips tags={question.tags ?? []} />
    </Box>
  );
}
