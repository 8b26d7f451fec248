import { CssBaseline } from '@mui/material';
import { useEffect } from 'react';
import { broadcastLanguage } from '../i18n/use-language';
import { installBrokenImageMarker } from './broken-images';
import { CaptchaModal } from './captcha-modal';
import { DialogHost } from './dialog-host';
import { LoginToContinueDialog } from './login-dialog';
import { Toaster } from './toaster';
import { UnavailableNotice } from './unavailable-notice';

/** The page-wide pieces mounted once (by the shell, or a standalone dev page): base styles and hosts. */
export function GlobalHosts() {
  useEffect(() => {
    installBrokenImageMarker();
    broadcastLanguage();
  }, []);
  return (
    <>
      <CssBaseline />
      <Toaster />
      <UnavailableNotice />
      <DialogHost />
      <LoginToContinueDialog />
      <CaptchaModal />
    </>
  );
}
