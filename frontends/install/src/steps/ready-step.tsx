import { useTranslation } from '@agora/kit';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Stack, Typography } from '@mui/material';

/** Step 6: installed; the links load the site afresh (the installer has handed the port to it). */
export function ReadyStep() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} data-testid="install-ready">
      <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
      <Typography variant="h6" component="h2">
        {t('ui.install.ready_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('ui.install.ready_desc')}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" href="/users/login">
          {t('ui.install.go_login')}
        </Button>
        <Button variant="outlined" href="/">
          {t('ui.install.go_home')}
        </Button>
      </Stack>
    </Stack>
  );
}
