import {
  ApiError,
  accountApi,
  clearSession,
  Link,
  ROUTES,
  type Rule,
  rules,
  useForm,
  useSearchParams,
  useTranslation,
} from '@agora/kit';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { AuthCard } from '../components/auth-card';

/** /users/password-reset?code=: a new password entered twice; an expired link says so. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const code = useSearchParams().get('code') ?? '';
  const [state, setState] = useState<'form' | 'done' | 'expired'>(code ? 'form' : 'expired');
  const form = useForm({ pass: '', pass2: '' }, { pass: [rules.password], pass2: [rules.password] });
  const matches: Rule = (value, tr) => (value === form.values.pass ? undefined : tr('ui.password_reset.mismatch'));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const mismatch = form.values.pass2 && matches(form.values.pass2, t);
    if (mismatch) {
      form.setErrors({ pass2: mismatch });
      return;
    }
    void form
      .submit(async ({ pass }) => {
        try {
          await accountApi.passwordReplacement({ code, pass });
        } catch (error) {
          if (error instanceof ApiError && error.status === 403) setState('expired');
          throw error;
        }
        clearSession();
        setState('done');
      })
      .catch(() => undefined);
  };
  if (state === 'expired') {
    return (
      <AuthCard title={t('ui.password_reset.title')} testId="password-reset-expired">
        <Alert severity="error">{t('ui.messages.password_reset_link_invalid')}</Alert>
        <Typography sx={{ mt: 2 }}>
          <Link to={ROUTES.accountRecovery}>{t('ui.password_reset.again')}</Link>
        </Typography>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('ui.password_reset.title')} testId="password-reset-page" error={form.formError}>
      {state === 'done' ? (
        <>
          <Alert severity="success">{t('ui.password_reset.success')}</Alert>
          <Typography sx={{ mt: 2 }}>
            <Link to={ROUTES.login}>{t('ui.header.login')}</Link>
          </Typography>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack spacing={1}>
            <TextField
              label={t('ui.form.fields.new_password')}
              type="password"
              autoComplete="new-password"
              {...form.bind('pass')}
            />
            <TextField
              label={t('ui.form.fields.repeat_password')}
              type="password"
              autoComplete="new-password"
              {...form.bind('pass2')}
            />
            <Button type="submit" variant="contained" disabled={form.busy}>
              {t('ui.password_reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
