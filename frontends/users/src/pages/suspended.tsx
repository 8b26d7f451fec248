import { seconds } from '@agora/contracts/api/time';
import { localeTag, logout, useTranslation, useUser } from '@agora/kit';
import { Button, Typography } from '@mui/material';
import { Notice } from '../components/auth-card';

/** Suspensions "forever" end after this year in the reference data. */
const FOREVER_AFTER = seconds(Date.UTC(2099, 0, 1));

/** /users/account-suspended (suspended users only): until when, and a way out. */
export function SuspendedPage() {
  const { t, i18n } = useTranslation();
  const until = useUser()?.suspended_until ?? 0;
  const date =
    until > 0 && until < FOREVER_AFTER
      ? new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'long', timeStyle: 'short' }).format(
          until * 1000,
        )
      : '';
  return (
    <Notice title={t('ui.suspended.title')} testId="suspended-page">
      <Typography sx={{ mb: 1 }}>{t('ui.suspended.info')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {date ? t('ui.suspended.until', { date }) : t('ui.suspended.forever')}
      </Typography>
      <Button variant="outlined" onClick={() => void logout()}>
        {t('ui.header.logout')}
      </Button>
    </Notice>
  );
}
