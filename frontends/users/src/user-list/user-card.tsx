import { Avatar, type RankedUser, UserLink } from '@agora/kit';
import { Box, Typography } from '@mui/material';

/** A member of the user list: avatar, name linked to the profile, and the figure the section ranks by. */
export function UserCard({ user, figure }: { user: RankedUser; figure: string }) {
  return (
    <Box
      component="li"
      data-testid="user-card"
      sx={{ listStyle: 'none', display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0, py: 1 }}
    >
      <Avatar avatar={user.avatar} name={user.display_name} size={48} />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          <UserLink username={user.username}>{user.display_name}</UserLink>
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="user-card-figure">
          {figure}
        </Typography>
      </Box>
    </Box>
  );
}

/** A section of the user list: its heading, then its members in a grid (one column on a phone). */
export function UserSection({
  title,
  hint,
  users,
  figure,
  testId,
  empty,
}: {
  title: string;
  hint?: string;
  users: RankedUser[];
  figure: (user: RankedUser) => string;
  testId: string;
  empty: string;
}) {
  return (
    <Box component="section" data-testid={testId} sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {hint}
        </Typography>
      ) : null}
      {users.length === 0 ? <Typography color="text.secondary">{empty}</Typography> : null}
      <Box
        component="ul"
        sx={{
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          columnGap: 2,
        }}
      >
        {users.map((user) => (
          <UserCard key={user.username || user.display_name} user={user} figure={figure(user)} />
        ))}
      </Box>
    </Box>
  );
}
