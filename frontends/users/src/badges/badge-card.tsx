import { BadgeIcon, type BadgeListInfo, Link, ROUTES, useTranslation } from '@agora/kit';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { Box, Card, CardActionArea, Chip, Typography } from '@mui/material';

/** A badge in the catalogue: its icon in its level's colour, its name, how often it was awarded, and the caller's mark. */
export function BadgeCard({ badge }: { badge: BadgeListInfo }) {
  const { t } = useTranslation();
  const earned = badge.earned_count > 0;
  return (
    <Card variant="outlined" data-testid="badge-card" data-badge={badge.id} data-earned={earned}>
      <CardActionArea
        component={Link}
        to={ROUTES.badge(badge.id)}
        underline="none"
        color="inherit"
        sx={{ p: 2, height: '100%' }}
      >
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <BadgeIcon icon={badge.icon} level={badge.level} size={44} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap>
              {badge.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('ui.badges.awarded', { count: badge.award_count })}
            </Typography>
          </Box>
          {earned ? (
            <Chip
              size="small"
              color="success"
              variant="outlined"
              icon={<CheckCircle />}
              label={
                badge.earned_count > 1 ? t('ui.badges.times', { count: badge.earned_count }) : t('ui.badges.earned')
              }
              data-testid="badge-earned"
            />
          ) : null}
        </Box>
      </CardActionArea>
    </Card>
  );
}
