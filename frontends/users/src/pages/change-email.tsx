import { accountApi, Link, ROUTES, rules, useForm, useTranslation, withCaptcha } from '@agora/kit';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { AuthCard } from '../components/auth-card';
import { useCaptchaEnabled } from '../components/captcha-setting';

/** /users/change-email: sends a confirmation link to a new address (from the inactive screen). */
export function ChangeEmailPage() {
  const { t } = useTranslation();
  const captcha = useCaptchaEnabled();
  const [sentTo, setSentTo] = useState('');
  const form = useForm({ e_mail: '' }, { e_mail: [rules.email] });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async ({ e_mail }) => {
      await withCaptcha('e_mail', captcha, (fields) => accountApi.changeEmailCode({ e_mail, ...fields }));
      setSentTo(e_mail);
    });
  };
  return (
    <AuthCard title={t('ui.change_email.title')} testId="change-email-page" error={form.formError}>
      {sentTo ? (
        <Alert severity="success" data-testid="change-email-sent">
          {t('ui.change_email.sent', { mail: sentTo })}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack spacing={1}>
            <Typography color="text.secondary">{t('ui.change_email.info')}</Typography>
            <TextField label={t('ui.form.fields.new_email')} type="email" autoFocus {...form.bind('e_mail')} />
            <Button type="submit" variant="contained" disabled={form.busy}>
              {t('ui.change_email.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Typography variant="body2" sx={{ mt: 2 }}>
        <Link to={ROUTES.inactive}>{t('ui.dialog.cancel')}</Link>
      </Typography>
    </AuthCard>
  );
}
