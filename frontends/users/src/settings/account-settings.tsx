import {
  accountApi,
  clearSession,
  navigate,
  ROUTES,
  rules,
  toast,
  useForm,
  useTranslation,
  withCaptcha,
} from '@agora/kit';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useCaptchaEnabled } from '../components/captcha-setting';
import { ConnectedLogins } from './connected-logins';
import { useCurrentUser } from './use-current-user';

/** A new address for the account: a confirmation link goes there; the address changes when it is opened. */
function EmailForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState('');
  const form = useForm({ e_mail: '', pass: '' }, { e_mail: [rules.email], pass: [rules.password] });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async ({ e_mail, pass }) => {
      await accountApi.changeEmailCode({ e_mail, pass });
      setSentTo(e_mail);
    });
  };
  return (
    <Box component="section" data-testid="email-settings">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('ui.settings.account.email')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
        {t('ui.settings.account.email_current', { mail: current })}
      </Typography>
      {sentTo ? (
        <Alert severity="success" data-testid="email-change-sent">
          {t('ui.change_email.sent', { mail: sentTo })}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack spacing={1}>
            {form.formError ? <Alert severity="error">{form.formError}</Alert> : null}
            <TextField
              label={t('ui.form.fields.new_email')}
              type="email"
              autoComplete="email"
              {...form.bind('e_mail')}
            />
            <TextField
              label={t('ui.form.fields.password')}
              type="password"
              autoComplete="current-password"
              {...form.bind('pass')}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={form.busy}>
                {t('ui.settings.account.email_submit')}
              </Button>
            </Box>
          </Stack>
        </form>
      )}
    </Box>
  );
}

/**
 * A new password, with the current one (unless the account has none, after a third-party sign-up). Every
 * session of the account ends: the member signs in again with the new password.
 */
function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const captcha = useCaptchaEnabled();
  const form = useForm(
    { old_pass: '', pass: '', pass2: '' },
    { ...(hasPassword ? { old_pass: [rules.password] } : {}), pass: [rules.password], pass2: [rules.password] },
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.values.pass !== form.values.pass2) {
      form.setErrors({ pass2: t('ui.password_reset.mismatch') });
      return;
    }
    void form.submit(async ({ old_pass, pass }) => {
      await withCaptcha('edit_userinfo', captcha, (fields) => accountApi.changePassword({ old_pass, pass, ...fields }));
      toast.success(t('ui.settings.account.password_changed'));
      clearSession();
      navigate(ROUTES.login, { replace: true });
    });
  };
  return (
    <Box component="section" data-testid="password-settings">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('ui.settings.account.password')}
      </Typography>
      <form onSubmit={onSubmit} noValidate>
        <Stack spacing={1}>
          {form.formError ? <Alert severity="error">{form.formError}</Alert> : null}
          {hasPassword ? (
            <TextField
              label={t('ui.settings.account.old_password')}
              type="password"
              autoComplete="current-password"
              {...form.bind('old_pass')}
            />
          ) : null}
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
          <Box>
            <Button type="submit" variant="contained" disabled={form.busy}>
              {t('ui.settings.account.password_submit')}
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}

/** The account settings: the e-mail address, the password and the external logins. */
export function AccountSettings() {
  const user = useCurrentUser();
  if (!user.data) return null;
  return (
    <Stack spacing={4}>
      <EmailForm current={user.data.e_mail} />
      <PasswordForm hasPassword={user.data.have_password} />
      <ConnectedLogins />
    </Stack>
  );
}
