import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from '../i18n/use-translation';
import { useStore } from '../store';
import { dialogStore, dialogs } from './dialog-store';

/** The OK and confirm dialogs of the API response handling. */
export function DialogHost() {
  const { t } = useTranslation();
  const request = useStore(dialogStore);
  const confirm = () => {
    request?.onConfirm?.();
    dialogs.close();
  };
  return (
    <Dialog open={request !== null} onClose={dialogs.close} maxWidth="xs" fullWidth>
      {request?.title ? <DialogTitle>{request.title}</DialogTitle> : null}
      <DialogContent>
        <DialogContentText>{request?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {request?.kind === 'confirm' ? <Button onClick={dialogs.close}>{t('ui.dialog.cancel')}</Button> : null}
        <Button variant="contained" onClick={confirm} autoFocus>
          {request?.kind === 'confirm' ? t('ui.dialog.confirm') : t('ui.dialog.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
