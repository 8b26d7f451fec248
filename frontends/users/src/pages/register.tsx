import {
  accountApi,
  completeLogin,
  Link,
  ROUTES,
  rules,
  useForm,
  useSiteInfo,
  useTranslation,
  withCaptcha,
} from '@agora/kit';
import { Button, Stack, TextField, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { useCaptchaEnabled } from '../components/captcha-setting';

/** /users/register: display name, e-mail and password, then the inactive screen or home. */
export function RegisterPage() {
  const { t } = useTranslation();
  const site = useSiteInfo().data;
  const captcha = useCaptchaEnabled();
  const form = useForm(
    { name: '', e_mail: '', pass: '' },
    { name: [rules.displayName], e_mail: [rules.email], pass: [rules.password] },
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async ({ name, e_mail, pass }) => {
      const user = await withCaptcha('e_mail', captcha, (fields) =>
        accountApi.register({ name, e_mail, pass, ...fields }),
      );
      completeLogin(user);
    });
  };
  return (
    <AuthCard
      title={t('ui.register.title', { site: site?.general.name ?? '' })}
      testId="register-page"
      error={form.formError}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack spacing={1}>
          <TextField label={t('ui.form.fields.name')} autoComplete="name" autoFocus {...form.bind('name')} />
          <TextField label={t('ui.form.fields.email')} type="email" autoComplete="email" {...form.bind('e_mail')} />
          <TextField
            label={t('ui.form.fields.password')}
            type="password"
            autoComplete="new-password"
            {...form.bind('pass')}
          />
          <Button type="submit" variant="contained" size="large" disabled={form.busy}>
            {t('ui.register.submit')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            <Trans
              i18nKey="ui.register.agreement"
              components={{ tos: <Link to="/tos" />, privacy: <Link to="/privacy" /> }}
            />
          </Typography>
        </Stack>
      </form>
      <Typography variant="body2" sx={{ mt: 2 }}>
        {t('ui.register.have_account')} <Link to={ROUTES.login}>{t('ui.header.login')}</Link>
      </Typography>
    </AuthCard>
  );
}
