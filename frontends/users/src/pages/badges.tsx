import { badgeApi, Loading, queryKeys, useTranslation } from '@agora/kit';
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { BadgeCard } from '../badges/badge-card';

/** /badges: the catalogue by group, with how often each badge was awarded and the member's earned marks. */
export function BadgesPage() {
  const { t } = useTranslation();
  const catalogue = useQuery({ queryKey: queryKeys.badges(), queryFn: () => badgeApi.catalogue() });
  return (
    <Box data-testid="badges-page">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('ui.badges.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {t('ui.badges.intro')}
      </Typography>
      {catalogue.isPending ? <Loading /> : null}
      {catalogue.data?.map((group) => (
        <Box component="section" key={group.group_name} sx={{ mb: 4 }} data-testid="badge-group">
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {group.group_name}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
              gap: 1.5,
            }}
          >
            {group.badges.map((badge) => (
              <BadgeCard key={badge.id} badge={badge} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
