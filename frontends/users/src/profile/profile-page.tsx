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
 * /users/{username} and /users/{username}/{tab}: a member's header card and the chosen tab (spec §2). An
 * unknown or deleted member is the 404 page (the call says so); an unknown tab is too; another member's
 * bookmarks and votes are theirs alone: 403.
 */
export function ProfilePage({ params }: { params: { username: string; tab?: string } }) {
  const { username } = params;
  const tabName = params.tab ?? 'overview';
  const viewer = useUser();
  const profile = useQuery({ queryKey: queryKeys.profile(username), queryFn: () => profileApi.info(username) });
  if (!isProfileTab(tabName)) return <ErrorPage code="404" />;
  if (profile.isPending) return <Loading />;
  const user = profile.data;
  if (!user) return null;
  const own = viewer?.username === user.username;
  const tab: ProfileTab = tabName;
  return (
    <Box data-testid="profile-page" data-tab={tab}>
      <ProfileHeader user={user} own={own} />
      <ProfileTabBar username={user.username} active={tab} own={own} />
      {OWN_ONLY_TABS.has(tab) && !own ? <ErrorPage code="403" /> : <TabContent tab={tab} user={user} />}
    </Box>
  );
}

function TabContent({
  tab,
  user,
}: {
  tab: ProfileTab;
  user: { username: string; rank: number; answer_count: number; question_count: number };
}) {
  switch (tab) {
    case 'overview':
      return <OverviewTab username={user.username} />;
    case 'answers':
      return <AnswersTab username={user.username} count={user.answer_count} />;
    case 'questions':
      return <QuestionsTab username={user.username} count={user.question_count} />;
    case 'bookmarks':
      return <BookmarksTab />;
    case 'reputation':
      return <ReputationTab username={user.username} rank={user.rank} />;
    case 'comments':
      return <CommentsTab username={user.username} />;
    case 'votes':
      return <VotesTab />;
  }
}
