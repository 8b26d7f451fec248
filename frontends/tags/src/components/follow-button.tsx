import { ensureCanAct, followApi, queryKeys, useTranslation } from '@agora/kit';
import { Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Follow or unfollow a tag (`follow` with the tag's id); the following-tags panel is refreshed. */
export function FollowButton({
  tagId,
  following,
  onChange,
}: {
  tagId: string;
  following: boolean;
  onChange: (following: boolean) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const follow = useMutation({
    mutationFn: () => followApi.follow(tagId, following),
    onSuccess: (result) => {
      onChange(result.is_followed);
      void client.invalidateQueries({ queryKey: queryKeys.followingTags() });
    },
  });
  return (
    <Button
      size="small"
      variant={following ? 'contained' : 'outlined'}
      onClick={() => ensureCanAct() && follow.mutate()}
      disabled={follow.isPending}
      data-testid="follow-tag"
      aria-pressed={following}
    >
      {t(following ? 'ui.tags.following_button' : 'ui.tags.follow')}
    </Button>
  );
}
