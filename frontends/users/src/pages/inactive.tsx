import { accountApi, CaptchaCancelled, Link, ROUTES, useTranslation, useUser, withCaptcha } from '@agora/kit';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { AuthCard } from '../components/auth-card';
import { useCaptchaEnabled } from '../components/captcha-setting';

/**
 * The inactive-account screen: the activation mail was sent; resend it ('another mail sent')
 * or go to change the e-mail address.
 */
export function InactivePage() {
  const { t } = useTranslation();
  const user = useUser();
  const captcha = useCaptchaEnabled();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const resend = async () => {
    setBusy(true);
    setError('');
    try {
      await withCaptcha('e_mail', captcha, (fields) => accountApi.resendActivation(fields));
      setSent(true);
    } catch (failure) {
      if (!(failure instanceof CaptchaCancelled)) setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title={t('ui.inactive.title')} testId="inactive-page" error={error}>
      <Stack spacing={2}>
        <Typography>{t('ui.inactive.info', { mail: user?.e_mail ?? '' })}</Typography>
        {sent ? (
          <Alert severity="success" data-testid="another-mail-sent">
            {t('ui.inactive.another_sent')}
          </Alert>
        ) : null}
        <Button variant="contained" onClick={() => void resend()} disabled={busy}>
          {t('ui.inactive.resend')}
        </Button>
        <Link to={ROUTES.changeEmail}>{t('ui.inactive.change_email')}</Link>
      </Stack>
    </AuthCard>
  );
}
