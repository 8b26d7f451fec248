import { accountApi, getToken, Link, Loading, ROUTES, setSession, useSearchParams, useTranslation } from '@agora/kit';
import { Alert } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Notice } from '../components/auth-card';

/** /users/confirm-new-email?code=: confirms a changed address; an expired link says so. */
export function ConfirmNewEmailPage() {
  const { t } = useTranslation();
  const code = useSearchParams().get('code') ?? '';
  const started = useRef(false);
  const [state, setState] = useState<'working' | 'done' | 'failed'>(code ? 'working' : 'failed');
  useEffect(() => {
    if (started.current || !code) return;
    started.current = true;
    accountApi.confirmNewEmail(code).then(
      (user) => {
        if (user?.access_token && getToken()) setSession(user);
        setState('done');
      },
      () => setState('failed'),
    );
  }, [code]);
  return (
    <Notice title={t('ui.confirm_new_email.title')} testId={`confirm-new-email-${state}`}>
      {state === 'working' ? <Loading /> : null}
      {state === 'done' ? <Alert severity="success">{t('ui.confirm_new_email.success')}</Alert> : null}
      {state === 'failed' ? <Alert severity="error">{t('ui.messages.new_email_link_invalid')}</Alert> : null}
      {state !== 'working' ? (
        <Link to={ROUTES.home} sx={{ display: 'inline-block', mt: 2 }}>
          {t('ui.http.back_home')}
        </Link>
      ) : null}
    </Notice>
  );
}
