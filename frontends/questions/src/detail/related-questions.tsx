import { queryKeys, questionApi, useTranslation } from '@agora/kit';
import { useQuery } from '@tanstack/react-query';
import { SidebarQuestions } from './sidebar-questions';

/** Related questions: up to 6 sharing the first tag (`question/similar/tag`). */
export function RelatedQuestions({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const related = useQuery({
    queryKey: queryKeys.relatedQuestions(questionId),
    queryFn: () => questionApi.related(questionId),
  });
  return (
    <SidebarQuestions title={t('ui.detail.related')} questions={related.data?.list ?? []} testId="related-questions" />
  );
}
