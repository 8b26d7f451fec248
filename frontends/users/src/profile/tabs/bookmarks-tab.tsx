import { profileApi, queryKeys, useTranslation } from '@agora/kit';
import { useQuery } from '@tanstack/react-query';
import { ProfileList } from '../profile-list';
import { BookmarkItem } from '../profile-rows';
import { TabHeading } from './heading';
import { useTabQuery } from './use-tab-query';

/** The signed-in member's bookmarks (their own profile only). */
export function BookmarksTab() {
  const { t } = useTranslation();
  const { page } = useTabQuery();
  const query = useQuery({ queryKey: queryKeys.ownBookmarks(page), queryFn: () => profileApi.bookmarks(page) });
  return (
    <>
      <TabHeading>{t('ui.profile.tab.bookmarks')}</TabHeading>
      <ProfileList query={query} page={page} testId="profile-bookmarks">
        {(question) => <BookmarkItem key={question.id} question={question} />}
      </ProfileList>
    </>
  );
}
