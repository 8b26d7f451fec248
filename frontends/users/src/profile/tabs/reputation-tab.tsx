import { profileApi, queryKeys, useTranslation } from '@agora/kit';
import { useQuery } from '@tanstack/react-query';
import { ProfileList } from '../profile-list';
import { ReputationItem } from '../profile-rows';
import { TabHeading } from './heading';
import { useTabQuery } from './use-tab-query';

/** The member's reputation history, newest first, each change with its reason. */
export function ReputationTab({ username, rank }: { username: string; rank: number | undefined }) {
  const { t } = useTranslation();
  const { page } = useTabQuery();
  const query = useQuery({
    queryKey: queryKeys.profileReputation(username, page),
    queryFn: () => profileApi.reputation(username, page),
  });
  return (
    <>
      <TabHeading>
        {rank === undefined ? t('ui.profile.tab.reputation') : t('ui.profile.reputation_heading', { count: rank })}
      </TabHeading>
      <ProfileList query={query} page={page} testId="profile-reputation-list">
        {(entry) => <ReputationItem key={`${entry.object_id}-${entry.created_at}-${entry.rank_type}`} entry={entry} />}
      </ProfileList>
    </>
  );
}
