import { Link, ROUTES, useLoginState, useTranslation } from '@agora/kit';
import { Alert, Stack, Typography } from '@mui/material';
import { Notice } from '../components/auth-card';

/** /users/account-activation/success (activated users only). */
export function ActivationSuccessPage() {
  const { t } = useTranslation();
  return (
    <Notice title={t('ui.activation.success_title')} testId="activation-success-page">
      <Typography sx={{ mb: 2 }}>{t('ui.activation.success_info')}</Typography>
      <Link to={ROUTES.home}>{t('ui.http.back_home')}</Link>
    </Notice>
  );
}

/** /users/account-activation/failed (not activated users only): the link expired; a new one can be sent. */
export function ActivationFailedPage() {
  const { t } = useTranslation();
  const { isLogged } = useLoginState();
  return (
    <Notice title={t('ui.activation.failed_title')} testId="activation-failed-page">
      <Stack spacing={2} alignItems="center">
        <Alert severity="error">{t('ui.messages.account_activation_link_invalid')}</Alert>
        {isLogged ? (
          <Link to={ROUTES.inactive}>{t('ui.inactive.resend')}</Link>
        ) : (
          <Link to={ROUTES.login}>{t('ui.header.login')}</Link>
        )}
      </Stack>
    </Notice>
  );
}
