import {
  accountApi,
  completeLogin,
  Link,
  ROUTES,
  rules,
  useForm,
  useLoginState,
  useSiteInfo,
  withCaptcha,
} from '@agora/kit';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { useCaptchaEnabled } from '../components/captcha-setting';
import { InactivePage } from './inactive';

function LoginForm() {
  const { t } = useTranslation();
  const site = useSiteInfo().data;
  const captcha = useCaptchaEnabled();
  const form = useForm({ e_mail: '', pass: '' }, { e_mail: [rules.email], pass: [rules.password] });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async ({ e_mail, pass }) => {
      const user = await withCaptcha('login', captcha, (fields) => accountApi.login({ e_mail, pass, ...fields }));
      completeLogin(user);
    });
  };
  return (
    <AuthCard
      title={t('ui.login.title', { site: site?.general.name ?? '' })}
      testId="login-page"
      error={form.formError}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack spacing={1}>
          <TextField
            label={t('ui.form.fields.email')}
            type="email"
            autoComplete="email"
            autoFocus
            {...form.bind('e_mail')}
          />
          <TextField
            label={t('ui.form.fields.password')}
            type="password"
            autoComplete="current-password"
            {...form.bind('pass')}
          />
          <Button type="submit" variant="contained" size="large" disabled={form.busy}>
            {t('ui.login.submit')}
          </Button>
        </Stack>
      </form>
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link to={ROUTES.accountRecovery}>{t('ui.login.forgot')}</Link>
        {site?.login.allow_new_registrations !== false ? (
          <Typography variant="body2">
            {t('ui.login.no_account')} <Link to={ROUTES.register}>{t('ui.header.signup')}</Link>
          </Typography>
        ) : null}
      </Box>
    </AuthCard>
  );
}

/** /users/login: the login form, or for a signed-in user whose e-mail is not confirmed the inactive screen. */
export function LoginPage() {
  const state = useLoginState();
  return state.isNotActivated ? <InactivePage /> : <LoginForm />;
}
