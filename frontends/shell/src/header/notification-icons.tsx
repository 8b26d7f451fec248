import { BellIcon, Link, ROUTES, TrophyIcon, useTranslation } from '@agora/kit';
import { Badge, IconButton } from '@mui/material';
import { useRedDot } from '../use-red-dot';

/** The bell (inbox) and trophy (achievements), each with a red dot while its unread count is above 0. */
export function NotificationIcons() {
  const { t } = useTranslation();
  const dot = useRedDot();
  return (
    <>
      <IconButton color="inherit" component={Link} to={ROUTES.inbox} aria-label={t('ui.header.inbox')}>
        <Badge variant="dot" color="error" invisible={dot.inbox <= 0} data-testid="inbox-dot">
          <BellIcon />
        </Badge>
      </IconButton>
      <IconButton color="inherit" component={Link} to={ROUTES.achievements} aria-label={t('ui.header.achievements')}>
        <Badge variant="dot" color="error" invisible={dot.achievement <= 0} data-testid="achievement-dot">
          <TrophyIcon />
        </Badge>
      </IconButton>
    </>
  );
}
