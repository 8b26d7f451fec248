import { type ApiKeyItem, assistantAdminApi, toast, useTranslation } from '@agora/kit';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';

/** Revoking a key, once confirmed: every client that uses it is refused from its next request, for good. */
export function RevokeKeyDialog({
  apiKey,
  onClose,
  onDone,
}: {
  apiKey: ApiKeyItem;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const revoke = () => {
    setBusy(true);
    assistantAdminApi
      .revokeApiKey(apiKey.id)
      .then(() => {
        toast.success(t('ui.admin.api_keys.revoked'));
        onDone();
      })
      // The API client shows why it failed.
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="api-key-revoke">
      <DialogTitle>{t('ui.admin.api_keys.revoke_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('ui.admin.api_keys.revoke_text', { name: apiKey.description, key: apiKey.access_key })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ui.admin.form.cancel')}</Button>
        <Button color="error" variant="contained" onClick={revoke} disabled={busy} data-testid="api-key-revoke-confirm">
          {t('ui.admin.api_keys.revoke')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
