import { profileApi, queryKeys, useTranslation } from '@agora/kit';
import { useQuery } from '@tanstack/react-query';
import { ProfileList } from '../profile-list';
import { CommentItem } from '../profile-rows';
import { TabHeading } from './heading';
import { useTabQuery } from './use-tab-query';

/** The member's comments, newest first. */
export function CommentsTab({ username }: { username: string }) {
  const { t } = useTranslation();
  const { page } = useTabQuery();
  const query = useQuery({
    queryKey: queryKeys.profileComments(username, page),
    queryFn: () => profileApi.comments(username, page),
  });
  return (
    <>
      <TabHeading>{t('ui.profile.tab.comments')}</TabHeading>
      <ProfileList query={query} page={page} testId="profile-comments">
        {(comment) => <CommentItem key={comment.comment_id} comment={comment} />}
      </ProfileList>
    </>
  );
}
