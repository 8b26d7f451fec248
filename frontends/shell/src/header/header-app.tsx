import { GlobalHosts, useDefaultLanguage } from '@agora/kit';
import { usePrivateSiteGate } from '../private-site-gate';
import { BadgeAwardPopup } from './badge-award-popup';
import { Header } from './header';

/**
 * The header application; it also hosts what the page needs once (toasts, dialogs, captcha modal, the
 * badge pop-up).
 */
export function HeaderApp() {
  usePrivateSiteGate();
  useDefaultLanguage();
  return (
    <>
      <GlobalHosts />
      <Header />
      <BadgeAwardPopup />
    </>
  );
}
