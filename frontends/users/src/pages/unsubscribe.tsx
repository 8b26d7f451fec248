import { ApiError, Link, Loading, notificationApi, ROUTES, useSearchParams, useTranslation } from '@agora/kit';
import { Alert, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { AuthCard } from '../components/auth-card';

type Outcome = { state: 'working' } | { state: 'done' } | { state: 'failed'; message: string };

/**
 * /users/unsubscribe?code=: the link of a notification mail switches e-mail off for the sources it lists,
 * signed in or not; an expired or unknown link says so.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const code = useSearchParams().get('code') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  useEffect(() => {
    if (!code) {
      setOutcome({ state: 'failed', message: t('ui.unsubscribe.invalid') });
      return;
    }
    notificationApi
      .unsubscribe(code)
      .then(() => setOutcome({ state: 'done' }))
      .catch((error: unknown) =>
        setOutcome({
          state: 'failed',
          message: error instanceof ApiError && error.status === 0 ? error.message : t('ui.unsubscribe.invalid'),
        }),
      );
  }, [code, t]);
  return (
    <AuthCard title={t('ui.unsubscribe.title')} testId="unsubscribe-page">
      {outcome.state === 'working' ? <Loading /> : null}
      {outcome.state === 'done' ? (
        <Alert severity="success" data-testid="unsubscribe-done">
          {t('ui.unsubscribe.done')}
        </Alert>
      ) : null}
      {outcome.state === 'failed' ? (
        <Alert severity="error" data-testid="unsubscribe-failed">
          {outcome.message}
        </Alert>
      ) : null}
      <Typography variant="body2" sx={{ mt: 2 }}>
        {t('ui.unsubscribe.settings_hint')} <Link to={`${ROUTES.settings}/notify`}>{t('ui.unsubscribe.settings')}</Link>
      </Typography>
    </AuthCard>
  );
}
