import { Limits } from '@agora/contracts/limits';
import { queryKeys, questionApi, useTranslation } from '@agora/kit';
import { useQuery } from '@tanstack/react-query';
import { SidebarQuestions } from './sidebar-questions';

/** Linked questions: those linking to this one or linked from it (`question/link`), newest first. */
export function LinkedQuestions({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const linked = useQuery({
    queryKey: queryKeys.linkedQuestions(questionId),
    queryFn: () => questionApi.linked(questionId, Limits.pageSize.linkedQuestions),
  });
  return (
    <SidebarQuestions title={t('ui.detail.linked')} questions={linked.data?.list ?? []} testId="linked-questions" />
  );
}
