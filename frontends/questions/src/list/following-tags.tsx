import {
  type ChosenTag,
  Link,
  queryKeys,
  TagSelector,
  tagApi,
  tagPath,
  toast,
  useLoginState,
  useTranslation,
} from '@agora/kit';
import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

/** The following-tags panel: view, edit with the tag selector, save. */
export function FollowingTags() {
  const { t } = useTranslation();
  const { isLogged } = useLoginState();
  const client = useQueryClient();
  const following = useQuery({ queryKey: queryKeys.followingTags(), queryFn: tagApi.following, enabled: isLogged });
  const [editing, setEditing] = useState<ChosenTag[] | null>(null);
  const save = useMutation({
    mutationFn: (tags: ChosenTag[]) => tagApi.saveFollowing(tags.map((tag) => tag.slug_name)),
    onSuccess: () => {
      setEditing(null);
      toast.success(t('ui.toast.update_success'));
      void client.invalidateQueries({ queryKey: queryKeys.followingTags() });
    },
  });
  if (!isLogged) return null;
  const tags = following.data ?? [];
  return (
    <Card variant="outlined" data-testid="following-tags">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('ui.tags.following')}
          </Typography>
          {editing ? (
            <Button size="small" variant="contained" onClick={() => save.mutate(editing)} disabled={save.isPending}>
              {t('ui.tags.save')}
            </Button>
          ) : (
            <Button size="small" onClick={() => setEditing(tags)}>
              {t('ui.actions.edit')}
            </Button>
          )}
        </Box>
        {editing ? (
          <TagSelector value={editing} onChange={setEditing} unlimited />
        ) : tags.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('ui.tags.following_none')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {tags.map((tag) => (
              <Chip
                key={tag.slug_name}
                size="small"
                clickable
                component={Link}
                to={tagPath(tag.slug_name)}
                label={tag.display_name}
              />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
