import { LoginForm, setSession, useSiteInfo, useTranslation } from '@agora/kit';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { Box, Paper, Stack, Typography } from '@mui/material';

/**
 * The admin area's own sign-in: an admin who is not signed in meets it on any `/admin/*` page and stays on that
 * page once signed in; anyone else signed in here meets the 403 page (the admin guard).
 */
export function AdminLoginPage() {
  const { t } = useTranslation();
  const site = useSiteInfo().data;
  return (
    <Box sx={{ maxWidth: 420, mx: 'auto', py: { xs: 3, md: 6 }, px: 2 }} data-testid="admin-login-page">
      <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <AdminPanelSettingsIcon color="primary" sx={{ fontSize: 40 }} />
        <Typography variant="h5" component="h1" align="center">
          {t('ui.admin.login.title', { site: site?.general.name ?? '' })}
        </Typography>
        <Typography variant="body2" color="text.secondary" align="center">
          {t('ui.admin.login.subtitle')}
        </Typography>
      </Stack>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <LoginForm submitLabel={t('ui.admin.login.submit')} onSignedIn={setSession} />
      </Paper>
    </Box>
  );
}
