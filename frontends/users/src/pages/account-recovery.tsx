import { accountApi, Link, ROUTES, rules, useForm, useTranslation, withCaptcha } from '@agora/kit';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { AuthCard } from '../components/auth-card';
import { useCaptchaEnabled } from '../components/captcha-setting';

/** /users/account-recovery: sends a password-reset link. */
export function AccountRecoveryPage() {
  const { t } = useTranslation();
  const captcha = useCaptchaEnabled();
  const [sentTo, setSentTo] = useState('');
  const form = useForm({ e_mail: '' }, { e_mail: [rules.email] });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async ({ e_mail }) => {
      await withCaptcha('find_pass', captcha, (fields) => accountApi.passwordReset({ e_mail, ...fields }));
      setSentTo(e_mail);
    });
  };
  return (
    <AuthCard title={t('ui.recovery.title')} testId="account-recovery-page" error={form.formError}>
      {sentTo ? (
        <Alert severity="success" data-testid="recovery-sent">
          {t('ui.recovery.sent', { mail: sentTo })}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack spacing={1}>
            <Typography color="text.secondary">{t('ui.recovery.info')}</Typography>
            <TextField label={t('ui.form.fields.email')} type="email" autoFocus {...form.bind('e_mail')} />
            <Button type="submit" variant="contained" disabled={form.busy}>
              {t('ui.recovery.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Typography variant="body2" sx={{ mt: 2 }}>
        <Link to={ROUTES.login}>{t('ui.recovery.back_login')}</Link>
      </Typography>
    </AuthCard>
  );
}
