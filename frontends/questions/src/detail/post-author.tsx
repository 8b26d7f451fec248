import { Avatar, RelativeTime, type UserBasicInfo, UserLink } from '@agora/kit';
import { Box, Typography } from '@mui/material';

/** Who did what when on a post: 'asked', 'answered' or 'edited', with the avatar and reputation. */
export function PostAuthor({ user, label, time }: { user?: UserBasicInfo; label: string; time: number }) {
  if (!user) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', fontSize: 13 }}>
      <Avatar avatar={user.avatar} name={user.display_name || user.username} size={32} />
      <Box>
        <UserLink username={user.username} variant="body2">
          {user.display_name}
        </UserLink>{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          {user.rank}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {label} <RelativeTime time={time} />
        </Typography>
      </Box>
    </Box>
  );
}
