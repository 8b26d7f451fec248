import { Box, Typography } from '@mui/material';
import type { PageErrorCode } from '../app/page-error';
import { useTranslation } from '../i18n/use-translation';
import { Link } from '../router/link';

/** 'HTTP error {code}' with its description and a back-to-home link. */
export function ErrorPage({ code, message }: { code: PageErrorCode; message?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 } }} data-testid={`error-page-${code}`}>
      <Typography variant="h1" sx={{ fontSize: 96, fontWeight: 700, color: 'text.disabled', lineHeight: 1 }}>
        {code === '50X' ? '50X' : code}
      </Typography>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {t(`ui.http.${code}`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {message || t(`ui.http.desc_${code}`)}
      </Typography>
      <Box sx={{ mt: 3 }}>
        <Link to="/">{t('ui.http.back_home')}</Link>
      </Box>
    </Box>
  );
}

export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 } }} data-testid="maintenance-page">
      <Typography variant="h5" component="h1">
        {t('ui.maintenance')}
      </Typography>
    </Box>
  );
}

/** The router's default view for an unexpected error. */
export function UnexpectedError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3 }} role="alert">
      <Typography variant="h6">{t('ui.messages.unexpected_error')}</Typography>
      <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', color: 'text.secondary' }}>
        {error instanceof Error ? error.message : String(error)}
      </Typography>
    </Box>
  );
}
