import { profileApi, queryKeys, useTranslation } from '@agora/kit';
import { useQuery } from '@tanstack/react-query';
import { ProfileList } from '../profile-list';
import { QuestionItem } from '../profile-rows';
import { OrderBar } from './order-bar';
import { useTabQuery } from './use-tab-query';

/** The member's questions, newest or by score, a page at a time. */
export function QuestionsTab({ username, count }: { username: string; count: number | undefined }) {
  const { t } = useTranslation();
  const { page, order } = useTabQuery();
  const query = useQuery({
    queryKey: queryKeys.profileQuestions(username, order, page),
    queryFn: () => profileApi.questions(username, order, page),
  });
  return (
    <>
      <OrderBar
        value={order}
        heading={count === undefined ? t('ui.profile.tab.questions') : t('ui.profile.questions_heading', { count })}
      />
      <ProfileList query={query} page={page} testId="profile-questions">
        {(question) => <QuestionItem key={question.question_id} question={question} />}
      </ProfileList>
    </>
  );
}
