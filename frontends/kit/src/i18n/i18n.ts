import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '@agora/contracts/i18n/languages';
import { UI_BUNDLES } from '@agora/contracts/i18n/ui-bundles';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage } from '../storage';

export type { Language };
export { SUPPORTED_LANGUAGES };

const isLanguage = (value: unknown): value is Language => SUPPORTED_LANGUAGES.includes(value as Language);

/** The one i18next instance every micro-frontend translates with (en_US and zh_CN bundles). */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, { translation: UI_BUNDLES[l] }])),
  lng: storage.get<string>(STORAGE_KEYS.language) ?? DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** BCP 47 form for Intl (`zh_CN` -> `zh-CN`). */
export const localeTag = (language: string = currentLanguage()) => language.replace('_', '-');

/** Switches the interface language for this browser and keeps the choice. */
export async function setLanguage(language: string): Promise<void> {
  const next = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  storage.set(STORAGE_KEYS.language, next);
  document.documentElement.lang = localeTag(next);
  await i18n.changeLanguage(next);
}

/**
 * The language to show when the visitor never chose one: the user's own setting, else the site's
 * interface language (admin settings), else en_US.
 */
export function adoptDefaultLanguage(userLanguage: string | undefined, siteLanguage: string | undefined): void {
  if (storage.get<string>(STORAGE_KEYS.language)) return;
  const chosen = [userLanguage, siteLanguage].find(isLanguage);
  if (chosen && chosen !== i18n.language) void i18n.changeLanguage(chosen);
}
