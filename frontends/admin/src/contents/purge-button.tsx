import { adminContentsApi, type PurgeType, toast, useTranslation } from '@agora/kit';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';

/**
 * "Delete permanently" on a Deleted list: after a confirmation, everything of that type that is deleted goes for
 * good (docs/adr/0078-purging-in-an-event-sourced-system.md); `onDone` refreshes the lists.
 */
export function PurgeButton({ type, disabled, onDone }: { type: PurgeType; disabled?: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const purge = () => {
    setBusy(true);
    void adminContentsApi
      .purge(type)
      .then(() => {
        toast.success(t('ui.admin.contents.purged'));
        setOpen(false);
        onDone();
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <>
      <Button
        color="error"
        variant="outlined"
        startIcon={<DeleteForeverIcon />}
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid="purge-open"
      >
        {t('ui.admin.contents.purge')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" data-testid="purge-dialog">
        <DialogTitle>{t(`ui.admin.contents.purge_title_${type}`)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t(`ui.admin.contents.purge_text_${type}`)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('ui.admin.form.cancel')}</Button>
          <Button color="error" variant="contained" onClick={purge} disabled={busy} data-testid="purge-confirm">
            {t('ui.admin.contents.purge_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
