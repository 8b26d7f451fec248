import { useEffect } from 'react';
import { accountApi } from '../api/calls/account';
import { currentLoginState, getUser, useUser } from '../session/session';
import { useSiteInfo } from '../site/site-info';
import { adoptDefaultLanguage, i18n, localeTag, setLanguage } from './i18n';
import { useTranslation } from './use-translation';

/** Keeps `<html lang>` in step with the interface language. */
export function broadcastLanguage(): void {
  document.documentElement.lang = localeTag(i18n.language);
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = localeTag(language);
  });
}

/** Follows the user's or the site's language until the visitor picks one. */
export function useDefaultLanguage(): void {
  const user = useUser();
  const site = useSiteInfo().data;
  useEffect(() => adoptDefaultLanguage(user?.language, site?.interface.language), [user?.language, site]);
}

/** The current language and a switch that also saves it to the account of a signed-in user. */
export function useLanguage() {
  const { i18n: instance } = useTranslation();
  const change = async (language: string) => {
    await setLanguage(language);
    const user = getUser();
    if (user && currentLoginState().isNormal) {
      await accountApi.setInterface({ language, color_scheme: user.color_scheme || 'default' }).catch(() => undefined);
    }
  };
  return { language: instance.language, change };
}
