import { Alert } from '@mui/material';
import { useServiceUnavailable } from '../api/availability';
import { useTranslation } from '../i18n/use-translation';

/** A banner while the server answers 503: the member stays signed in and may simply try again. */
export function UnavailableNotice() {
  const { t } = useTranslation();
  if (!useServiceUnavailable()) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      data-testid="unavailable-notice"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.snackbar + 1,
        borderRadius: 0,
      }}
    >
      {t('ui.messages.service_unavailable')}
    </Alert>
  );
}
