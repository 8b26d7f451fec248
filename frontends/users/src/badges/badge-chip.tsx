import { BadgeIcon, Link, ROUTES, type UserBadgeAward, useTranslation } from '@agora/kit';
import { Box, Typography } from '@mui/material';

/** A badge a member holds, as a shelf shows it: icon, name, and how often when more than once. */
export function BadgeChip({ badge }: { badge: UserBadgeAward }) {
  const { t } = useTranslation();
  return (
    <Link
      to={ROUTES.badge(badge.id)}
      underline="none"
      color="inherit"
      data-testid="member-badge"
      data-badge={badge.id}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 5,
        pl: 0.5,
        pr: 1.5,
        py: 0.5,
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <BadgeIcon icon={badge.icon} level={badge.level} size={28} />
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {badge.name}
      </Typography>
      {badge.earned_count > 1 ? (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: 13 }}>
          {t('ui.badges.times', { count: badge.earned_count })}
        </Box>
      ) : null}
    </Link>
  );
}
