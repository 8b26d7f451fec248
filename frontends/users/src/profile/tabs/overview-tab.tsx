import { Loading, profileApi, queryKeys, useTranslation } from '@agora/kit';
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { AnswerItem, QuestionItem } from '../profile-rows';
import { TabHeading } from './heading';

/** The Overview: the member's top answers and top questions (`personal/qa/top`), side by side on a desktop. */
export function OverviewTab({ username }: { username: string }) {
  const { t } = useTranslation();
  const top = useQuery({ queryKey: queryKeys.profileTop(username), queryFn: () => profileApi.top(username) });
  if (top.isPending) return <Loading />;
  if (!top.data) return null;
  const { answer, question } = top.data;
  const none = (
    <Typography color="text.secondary" sx={{ py: 2 }}>
      {t('ui.profile.empty')}
    </Typography>
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
      <Box data-testid="profile-top-answers">
        <TabHeading>{t('ui.profile.top_answers')}</TabHeading>
        {answer.length === 0 ? none : null}
        <Box component="ul" sx={{ p: 0, m: 0 }}>
          {answer.map((item) => (
            <AnswerItem key={item.answer_id} answer={item} />
          ))}
        </Box>
      </Box>
      <Box data-testid="profile-top-questions">
        <TabHeading>{t('ui.profile.top_questions')}</TabHeading>
        {question.length === 0 ? none : null}
        <Box component="ul" sx={{ p: 0, m: 0 }}>
          {question.map((item) => (
            <QuestionItem key={item.question_id} question={item} />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
