import { badgeApi, queryKeys, useTranslation } from '@agora/kit';
import { Box, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { BadgeChip } from './badge-chip';

/**
 * A member's latest badges (`badge/user/awards/recent`), as a shelf: the piece a profile shows beside the
 * member's name and figures.
 */
export function RecentBadges({ username }: { username: string }) {
  const { t } = useTranslation();
  const recent = useQuery({
    queryKey: queryKeys.recentBadges(username),
    queryFn: () => badgeApi.recentOfMember(username),
  });
  return (
    <Box component="section" data-testid="recent-badges" aria-label={t('ui.badges.recent')}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('ui.badges.recent')}
      </Typography>
      {recent.isPending ? <Skeleton variant="rounded" height={40} /> : null}
      {recent.data?.count === 0 ? <Typography color="text.secondary">{t('ui.badges.member_none')}</Typography> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {recent.data?.list.map((badge) => (
          <BadgeChip key={badge.id} badge={badge} />
        ))}
      </Box>
    </Box>
  );
}
