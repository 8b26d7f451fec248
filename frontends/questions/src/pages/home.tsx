import { QuestionList, useTranslation } from '@agora/kit';
import { Box, Stack } from '@mui/material';
import { FollowingTags } from '../list/following-tags';
import { HotQuestions } from '../list/hot-questions';

/** `/` and `/questions`: the question list with the hot questions and following-tags side cards. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', lg: 'row' } }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <QuestionList title={t('ui.questions.all')} forYou />
      </Box>
      <Stack spacing={2} sx={{ width: { lg: 300 }, flexShrink: 0 }}>
        <FollowingTags />
        <HotQuestions />
      </Stack>
    </Box>
  );
}
