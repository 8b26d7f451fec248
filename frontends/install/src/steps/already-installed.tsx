import { useTranslation } from '@agora/kit';
import InfoIcon from '@mui/icons-material/Info';
import { Button, Stack, Typography } from '@mui/material';

/** /install on a site already installed: the spec's outcome, and the way back to the site. */
export function AlreadyInstalled() {
  const { t } = useTranslation();
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520, mx: 'auto', py: { xs: 4, md: 8 }, px: 2 }}
      data-testid="install-already-installed"
    >
      <InfoIcon color="primary" sx={{ fontSize: 48 }} />
      <Typography variant="h5" component="h1">
        {t('ui.messages.already_installed')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('ui.install.already_installed_desc')}
      </Typography>
      <Button variant="contained" href="/">
        {t('ui.install.go_home')}
      </Button>
    </Stack>
  );
}
