import { profileApi, queryKeys, useTranslation } from '@agora/kit';
import { useQuery } from '@tanstack/react-query';
import { ProfileList } from '../profile-list';
import { VoteItem } from '../profile-rows';
import { TabHeading } from './heading';
import { useTabQuery } from './use-tab-query';

/** The signed-in member's votes (their own profile only), newest first. */
export function VotesTab() {
  const { t } = useTranslation();
  const { page } = useTabQuery();
  const query = useQuery({ queryKey: queryKeys.ownVotes(page), queryFn: () => profileApi.votes(page) });
  return (
    <>
      <TabHeading>{t('ui.profile.tab.votes')}</TabHeading>
      <ProfileList query={query} page={page} testId="profile-votes">
        {(vote) => <VoteItem key={`${vote.object_id}-${vote.created_at}`} vote={vote} />}
      </ProfileList>
    </>
  );
}
