import { useSiteInfo } from '@agora/kit';

/** Whether the site has captchas on (security settings); only then is an action checked first. */
export function useCaptchaEnabled(): boolean {
  return Boolean(useSiteInfo().data?.site_security?.captcha_enabled);
}
