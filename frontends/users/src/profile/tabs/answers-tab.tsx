import { profileApi, queryKeys, useTranslation } from '@agora/kit';
import { useQuery } from '@tanstack/react-query';
import { ProfileList } from '../profile-list';
import { AnswerItem } from '../profile-rows';
import { OrderBar } from './order-bar';
import { useTabQuery } from './use-tab-query';

/** The member's answers, newest or by score, a page at a time. */
export function AnswersTab({ username, count }: { username: string; count: number | undefined }) {
  const { t } = useTranslation();
  const { page, order } = useTabQuery();
  const query = useQuery({
    queryKey: queryKeys.profileAnswers(username, order, page),
    queryFn: () => profileApi.answers(username, order, page),
  });
  return (
    <>
      <OrderBar
        value={order}
        heading={count === undefined ? t('ui.profile.tab.answers') : t('ui.profile.answers_heading', { count })}
      />
      <ProfileList query={query} page={page} testId="profile-answers">
        {(answer) => <AnswerItem key={answer.answer_id} answer={answer} />}
      </ProfileList>
    </>
  );
}
