import {
  accountApi,
  rules,
  signInWithToken,
  useForm,
  useSearchParams,
  useSiteInfo,
  useTranslation,
  withCaptcha,
} from '@agora/kit';
import { Alert, Button, Divider, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { AuthCard } from '../components/auth-card';
import { useCaptchaEnabled } from '../components/captcha-setting';

type Step = 'address' | 'prove' | 'sent';

/**
 * /users/confirm-email?binding_key=: binds an e-mail address after a third-party login that gave none (or one
 * that is not verified). An address that already has an account is linked only once the member proves it is
 * theirs: by the account's password (while password login is on) or by a confirmation mail
 * (docs/adr/0065-external-logins.md).
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const bindingKey = useSearchParams().get('binding_key') ?? '';
  const site = useSiteInfo().data;
  const captcha = useCaptchaEnabled();
  const passwordProof = site?.login.allow_password_login !== false;
  const [step, setStep] = useState<Step>('address');
  const form = useForm({ email: '' }, { email: [rules.email] });
  const proof = useForm({ pass: '' }, { pass: [rules.password] });

  const bind = (must: boolean) =>
    form.submit(async ({ email }) => {
      const result = await accountApi.bindEmail({ binding_key: bindingKey, email, must });
      if (result?.access_token) await signInWithToken(result.access_token);
      else if (result?.email_exist_and_must_be_confirmed) setStep(must ? 'sent' : 'prove');
      else setStep('sent');
    });
  const onAddress = (event: FormEvent) => {
    event.preventDefault();
    void bind(false);
  };
  const onPassword = (event: FormEvent) => {
    event.preventDefault();
    void proof.submit(async ({ pass }) => {
      const e_mail = form.values.email;
      const result = await withCaptcha('login', captcha, (fields) =>
        accountApi.bindPassword({ binding_key: bindingKey, e_mail, pass, ...fields }),
      );
      if (result?.access_token) await signInWithToken(result.access_token);
    });
  };

  return (
    <AuthCard title={t('ui.confirm_email.title')} testId="confirm-email-page" error={form.formError || proof.formError}>
      {step === 'sent' ? (
        <Alert severity="success">{t('ui.confirm_email.sent', { mail: form.values.email })}</Alert>
      ) : null}
      {step === 'address' ? (
        <form onSubmit={onAddress} noValidate>
          <Stack spacing={1}>
            <Typography color="text.secondary">{t('ui.confirm_email.info')}</Typography>
            <TextField label={t('ui.form.fields.email')} type="email" autoFocus {...form.bind('email')} />
            <Button type="submit" variant="contained" disabled={form.busy || !bindingKey}>
              {t('ui.confirm_email.submit')}
            </Button>
          </Stack>
        </form>
      ) : null}
      {step === 'prove' ? (
        <Stack spacing={1.5} data-testid="confirm-email-prove">
          <Typography color="text.secondary">{t('ui.confirm_email.exists', { mail: form.values.email })}</Typography>
          {passwordProof ? (
            <form onSubmit={onPassword} noValidate>
              <Stack spacing={1}>
                <TextField
                  label={t('ui.form.fields.password')}
                  type="password"
                  autoComplete="current-password"
                  autoFocus
                  {...proof.bind('pass')}
                />
                <Button type="submit" variant="contained" disabled={proof.busy || form.busy}>
                  {t('ui.confirm_email.link_with_password')}
                </Button>
              </Stack>
            </form>
          ) : null}
          {passwordProof ? <Divider>{t('ui.connectors.or')}</Divider> : null}
          <Button
            variant={passwordProof ? 'outlined' : 'contained'}
            disabled={proof.busy || form.busy}
            onClick={() => void bind(true)}
          >
            {t('ui.confirm_email.send_mail')}
          </Button>
          <Button variant="text" disabled={proof.busy || form.busy} onClick={() => setStep('address')}>
            {t('ui.confirm_email.other_address')}
          </Button>
        </Stack>
      ) : null}
    </AuthCard>
  );
}
