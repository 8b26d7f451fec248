import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { saveLoginRedirect } from '../guards/redirect-target';
import { useTranslation } from '../i18n/use-translation';
import { navigate } from '../router/history';
import { ROUTES } from '../router/routes';
import { currentLoginState } from '../session/session';
import { useStore } from '../store';
import { dialogs, loginDialogStore } from './dialog-store';

/**
 * Before an action: logged out opens the login-to-continue dialog, not activated goes to the
 * inactive page, suspended to the suspended page. True when the user may act.
 */
export function ensureCanAct(): boolean {
  const state = currentLoginState();
  if (!state.isLogged) {
    dialogs.loginToContinue(true);
    return false;
  }
  if (state.isForbidden) {
    navigate(ROUTES.suspended);
    return false;
  }
  if (!state.isActivated) {
    navigate(ROUTES.inactive);
    return false;
  }
  return true;
}

export function LoginToContinueDialog() {
  const { t } = useTranslation();
  const open = useStore(loginDialogStore);
  const go = (to: string) => {
    dialogs.loginToContinue(false);
    saveLoginRedirect(window.location.pathname + window.location.search);
    navigate(to);
  };
  return (
    <Dialog open={open} onClose={() => dialogs.loginToContinue(false)} maxWidth="xs" fullWidth>
      <DialogTitle>{t('ui.dialog.login_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('ui.dialog.login_info')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => go(ROUTES.register)}>{t('ui.header.signup')}</Button>
        <Button variant="contained" onClick={() => go(ROUTES.login)}>
          {t('ui.header.login')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
