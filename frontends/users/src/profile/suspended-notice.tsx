import { SUSPENDED_FOREVER_UNTIL } from '@agora/contracts/identity/roles';
import type { PublicUserInfo } from '@agora/kit';
import { useTranslation } from '@agora/kit';
import { Alert } from '@mui/material';

const FOREVER_SECONDS = Date.parse(SUSPENDED_FOREVER_UNTIL) / 1000;

/** On a suspended member's profile: that they are suspended, and until when (the reference's notice). */
export function SuspendedNotice({ user }: { user: PublicUserInfo }) {
  const { t, i18n } = useTranslation();
  if (user.status !== 'suspended') return null;
  const until =
    user.suspended_until && user.suspended_until < FOREVER_SECONDS
      ? new Date(user.suspended_until * 1000).toLocaleString(i18n.language.replace('_', '-'))
      : '';
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="profile-suspended">
      {user.status_msg || (until ? t('ui.profile.suspended_until', { until }) : t('ui.profile.suspended'))}
    </Alert>
  );
}
