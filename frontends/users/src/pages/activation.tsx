import {
  ApiError,
  accountApi,
  Loading,
  navigate,
  ROUTES,
  setSession,
  useSearchParams,
  useTranslation,
} from '@agora/kit';
import { Alert } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Notice } from '../components/auth-card';

/**
 * /users/account-activation?code=: confirms the e-mail with the code from the mail, then the success
 * page; an expired code goes to the failed page (the API client's 403 url_expired handling).
 */
export function ActivationPage() {
  const { t } = useTranslation();
  const code = useSearchParams().get('code') ?? '';
  const started = useRef(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!code) {
      navigate(ROUTES.activationFailed, { replace: true });
      return;
    }
    accountApi.verifyEmail(code).then(
      (user) => {
        setSession(user);
        navigate(ROUTES.activationSuccess, { replace: true });
      },
      (failure) => {
        if (!(failure instanceof ApiError && failure.forbiddenType === 'url_expired'))
          setError((failure as Error).message);
      },
    );
  }, [code]);
  return (
    <Notice title={t('ui.activation.processing')} testId="activation-page">
      {error ? <Alert severity="error">{error}</Alert> : <Loading />}
    </Notice>
  );
}
