import { ErrorPage, Loading, profileApi, queryKeys, useUser } from '@agora/kit';
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ProfileHeader } from './profile-header';
import { isProfileTab, OWN_ONLY_TABS, type ProfileTab } from './profile-tabs';
import { ProfileTabBar } from './profile-tabs-bar';
import { AnswersTab } from './tabs/answers-tab';
import { BookmarksTab } from './tabs/bookmarks-tab';
import { CommentsTab } from './tabs/comments-tab';
import { OverviewTab } from './tabs/overview-tab';
import { QuestionsTab } from './tabs/questions-tab';
import { ReputationTab } from './tabs/reputation-tab';
import { VotesTab } from './tabs/votes-tab';

/**
 * /users/{username} and /users/{username}/{tab}: a member's header card and the chosen tab. An
 * unknown or deleted member is the 404 page (the call says so); an unknown tab is too; another member's
 * bookmarks and votes are theirs alone: 403.
 */
export function ProfilePage({ params }: { params: { username: string; tab?: string } }) {
  const { username } = params;
  const tabName = params.tab ?? 'overview';
  const viewer = useUser();
  const profile = useQuery({ queryKey: queryKeys.profile(username), queryFn: () => profileApi.info(username) });
  if (!isProfileTab(tabName)) return <ErrorPage code="404" />;
  // An unknown or deleted member: the call shows the 404 page.
  if (profile.isError) return null;
  const own = viewer !== null && viewer.username.toLowerCase() === username.toLowerCase();
  const tab: ProfileTab = tabName;
  const user = profile.data;
  // The tab's list is asked at once, beside the member's card, not after it.
  return (
    <Box data-testid={user ? 'profile-page' : 'profile-loading'} data-tab={tab}>
      {user ? <ProfileHeader user={user} own={own} /> : <Loading />}
      <ProfileTabBar username={username} active={tab} own={own} />
      {OWN_ONLY_TABS.has(tab) && !own ? (
        <ErrorPage code="403" />
      ) : (
        <TabContent tab={tab} username={username} user={user} />
      )}
    </Box>
  );
}

function TabContent({
  tab,
  username,
  user,
}: {
  tab: ProfileTab;
  username: string;
  user: { rank: number; answer_count: number; question_count: number } | undefined;
}) {
  switch (tab) {
    case 'overview':
      return <OverviewTab username={username} />;
    case 'answers':
      return <AnswersTab username={username} count={user?.answer_count} />;
    case 'questions':
      return <QuestionsTab username={username} count={user?.question_count} />;
    case 'bookmarks':
      return <BookmarksTab />;
    case 'reputation':
      return <ReputationTab username={username} rank={user?.rank} />;
    case 'comments':
      return <CommentsTab username={username} />;
    case 'votes':
      return <VotesTab />;
  }
}
