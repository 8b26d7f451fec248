import { accountApi, rules, signInWithToken, useForm, useSearchParams } from '@agora/kit';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';

/**
 * /users/confirm-email?binding_key=: binds an e-mail address after a third-party login that gave none;
 * an address already in use must be confirmed to bind to it.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const bindingKey = useSearchParams().get('binding_key') ?? '';
  const [mustConfirm, setMustConfirm] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useForm({ email: '' }, { email: [rules.email] });
  const bind = (must: boolean) =>
    form.submit(async ({ email }) => {
      const result = await accountApi.bindEmail({ binding_key: bindingKey, email, must });
      if (result?.access_token) await signInWithToken(result.access_token);
      else if (result?.email_exist_and_must_be_confirmed) setMustConfirm(true);
      else setSent(true);
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void bind(mustConfirm);
  };
  return (
    <AuthCard title={t('ui.confirm_email.title')} testId="confirm-email-page" error={form.formError}>
      {sent ? (
        <Alert severity="success">{t('ui.confirm_email.sent', { mail: form.values.email })}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack spacing={1}>
            <Typography color="text.secondary">
              {mustConfirm ? t('ui.confirm_email.exists') : t('ui.confirm_email.info')}
            </Typography>
            <TextField label={t('ui.form.fields.email')} type="email" autoFocus {...form.bind('email')} />
            <Button type="submit" variant="contained" disabled={form.busy || !bindingKey}>
              {mustConfirm ? t('ui.confirm_email.confirm') : t('ui.confirm_email.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
