import { badgeApi, Loading, queryKeys, useTranslation } from '@agora/kit';
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { BadgeChip } from '../badges/badge-chip';
import { RecentBadges } from '../badges/recent-badges';

/**
 * /users/:username/badges (the reference's profile tab): the member's recent badges, then every badge they
 * hold with how often; the profile's header card carries the recent shelf and links here.
 */
export function MemberBadgesPage({ params: { username } }: { params: { username: string } }) {
  const { t } = useTranslation();
  const all = useQuery({ queryKey: queryKeys.memberBadges(username), queryFn: () => badgeApi.ofMember(username) });
  return (
    <Box data-testid="member-badges-page">
      <Typography variant="h5" component="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {t('ui.badges.member_heading', { username })}
      </Typography>
      <Box sx={{ mb: 4 }}>
        <RecentBadges username={username} />
      </Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('ui.badges.all_badges')}
      </Typography>
      {all.isPending ? <Loading /> : null}
      {all.data?.count === 0 ? <Typography color="text.secondary">{t('ui.badges.member_none')}</Typography> : null}
      <Box data-testid="member-all-badges" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {all.data?.list.map((badge) => (
          <BadgeChip key={badge.id} badge={badge} />
        ))}
      </Box>
    </Box>
  );
}
