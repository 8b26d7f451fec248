import { Alert, Button, Stack, TextField } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { accountApi } from '../api/calls/account';
import type { UserLoginResp } from '../api/wire';
import { rules } from '../forms/rules';
import { useForm } from '../forms/use-form';
import { useTranslation } from '../i18n/use-translation';
import { captchaOn } from '../site/site-info';
import { withCaptcha } from '../ui/captcha';

/**
 * The e-mail and password sign-in of the members' login page and the admin area's: the fields with their
 * validation messages, the login captcha when the site has captchas on, and the server's refusal shown above
 * `before` (the external logins' buttons, where a page has them). `onSignedIn` takes the new session.
 */
export function LoginForm({
  submitLabel,
  onSignedIn,
  before,
}: {
  submitLabel: string;
  onSignedIn: (user: UserLoginResp) => void;
  before?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useForm({ e_mail: '', pass: '' }, { e_mail: [rules.email], pass: [rules.password] });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async ({ e_mail, pass }) => {
      onSignedIn(await withCaptcha('login', captchaOn(), (fields) => accountApi.login({ e_mail, pass, ...fields })));
    });
  };
  return (
    <>
      {form.formError ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {form.formError}
        </Alert>
      ) : null}
      {before}
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
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </>
  );
}
