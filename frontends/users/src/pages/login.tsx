import { completeLogin, Link, LoginForm, ROUTES, useLoginState, useSiteInfo, useTranslation } from '@agora/kit';
import { Box, Typography } from '@mui/material';
import { AuthCard } from '../components/auth-card';
import { ConnectorButtons } from '../components/connector-buttons';
import { InactivePage } from './inactive';

function LoginCard() {
  const { t } = useTranslation();
  const site = useSiteInfo().data;
  // The admin may leave only the external logins (docs/adr/0065-external-logins.md).
  const passwordLogin = site?.login.allow_password_login !== false;
  return (
    <AuthCard title={t('ui.login.title', { site: site?.general.name ?? '' })} testId="login-page">
      {passwordLogin ? (
        <LoginForm
          submitLabel={t('ui.login.submit')}
          onSignedIn={completeLogin}
          before={<ConnectorButtons withDivider />}
        />
      ) : (
        <ConnectorButtons withDivider={false} />
      )}
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
  return state.isNotActivated ? <InactivePage /> : <LoginCard />;
}
