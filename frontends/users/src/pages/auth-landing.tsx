import { Loading, navigate, ROUTES, signInWithToken, useSearchParams, useTranslation } from '@agora/kit';
import { useEffect, useRef } from 'react';
import { Notice } from '../components/auth-card';

/** /users/auth-landing?access_token=: the third-party login callback, processing until signed in. */
export function AuthLandingPage() {
  const { t } = useTranslation();
  const token = useSearchParams().get('access_token') ?? '';
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      navigate(ROUTES.home, { replace: true });
      return;
    }
    void signInWithToken(token).then((user) => {
      if (!user) navigate(ROUTES.userCenterAuthFailed, { replace: true });
    });
  }, [token]);
  return (
    <Notice title={t('ui.auth_landing.processing')} testId="auth-landing-page">
      <Loading />
    </Notice>
  );
}
