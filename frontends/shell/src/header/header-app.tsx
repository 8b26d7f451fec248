import { GlobalHosts, useDefaultLanguage } from '@agora/kit';
import { FloatingAssistant } from '../assistant/floating-assistant';
import { CustomHtml, useCustomHead } from '../custom-html';
import { usePrivateSiteGate } from '../private-site-gate';
import { BadgeAwardPopup } from './badge-award-popup';
import { Header } from './header';

/**
 * The header application, under the admin's custom header HTML; it also hosts what the page needs once
 * (toasts, dialogs, captcha modal, the badge pop-up, the admin's custom head HTML, the floating AI assistant).
 */
export function HeaderApp() {
  usePrivateSiteGate();
  useDefaultLanguage();
  useCustomHead();
  return (
    <>
      <GlobalHosts />
      <CustomHtml slot="custom_header" />
      <Header />
      <BadgeAwardPopup />
      <FloatingAssistant />
    </>
  );
}
