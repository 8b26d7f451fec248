import { formatCount, Loading, profileApi, queryKeys, useTranslation } from '@agora/kit';
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { UserSection } from './user-card';

/**
 * /users: the user list's sections (`user/ranking`): the week's most reputation gained, the week's most votes,
 * and the staff (admins and moderators) with their reputation.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const ranking = useQuery({ queryKey: queryKeys.ranking(), queryFn: () => profileApi.ranking() });
  const empty = t('ui.users.none');
  return (
    <Box data-testid="users-page">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('ui.users.heading')}
      </Typography>
      {ranking.isPending ? <Loading /> : null}
      {ranking.data ? (
        <>
          <UserSection
            testId="users-reputation"
            title={t('ui.users.reputation')}
            hint={t('ui.users.this_week')}
            users={ranking.data.users_with_the_most_reputation}
            figure={(u) => t('ui.users.reputation_figure', { count: u.rank, value: formatCount(u.rank) })}
            empty={empty}
          />
          <UserSection
            testId="users-votes"
            title={t('ui.users.votes')}
            hint={t('ui.users.this_week')}
            users={ranking.data.users_with_the_most_vote}
            figure={(u) => t('ui.users.votes_figure', { count: u.vote_count, value: formatCount(u.vote_count) })}
            empty={empty}
          />
          <UserSection
            testId="users-staff"
            title={t('ui.users.staff')}
            users={ranking.data.staffs}
            figure={(u) => t('ui.users.reputation_figure', { count: u.rank, value: formatCount(u.rank) })}
            empty={empty}
          />
        </>
      ) : null}
    </Box>
  );
}
