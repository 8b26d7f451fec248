import { ConnectorFailure } from '@agora/contracts/identity/connector-constants';
import { Link, Loading, navigate, ROUTES, useSearchParams, useTranslation, useUserCenterAgent } from '@agora/kit';
import { Alert, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Notice } from '../components/auth-card';

/** /user-center/auth (not logged in): off to the user center's login, or to our own login without one. */
export function UserCenterAuthPage() {
  const { t } = useTranslation();
  const agent = useUserCenterAgent();
  useEffect(() => {
    if (agent.isPending) return;
    const url = agent.data?.enabled ? agent.data.agent_info?.login_redirect_url : undefined;
    if (url) window.location.replace(url);
    else navigate(ROUTES.login, { replace: true });
  }, [agent.isPending, agent.data]);
  return (
    <Notice title={t('ui.user_center.redirecting')} testId="user-center-auth-page">
      <Loading />
    </Notice>
  );
}

/** /user-center/auth-failed: the third-party login failed (for example without e-mail permission). */
export function UserCenterAuthFailedPage() {
  const { t } = useTranslation();
  const reason = useSearchParams().get('reason') ?? '';
  const known = (Object.values(ConnectorFailure) as string[]).includes(reason);
  return (
    <Notice title={t('ui.user_center.failed_title')} testId="user-center-auth-failed-page">
      <Alert severity="error" sx={{ mb: 2 }}>
        {known ? t(`ui.connectors.failure.${reason}`) : t('ui.user_center.failed_info')}
      </Alert>
      <Typography>
        <Link to={ROUTES.login}>{t('ui.header.login')}</Link>
      </Typography>
    </Notice>
  );
}
