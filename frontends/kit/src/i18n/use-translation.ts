import type { i18n as I18n, TFunction } from 'i18next';
import { useContext, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

/**
 * The translator of the nearest i18next instance, in its current language, re-rendering when the language
 * changes: what every screen reads of react-i18next's hook. That hook copies the whole instance for each
 * component it mounts, which a server render does for every component of a page (a 30-answer question page
 * mounts thousands); this one hands out one translator per instance and language, made once, which remembers
 * its plain look-ups.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const instance = useContext(I18nContext)?.i18n ?? getI18n();
  const { subscribe, translatorIn } = bindingOf(instance);
  const language = useSyncExternalStore(
    subscribe,
    () => instance.language,
    () => instance.language,
  );
  return { t: translatorIn(language), i18n: instance };
}

interface Binding {
  subscribe: (onChange: () => void) => () => void;
  translatorIn: (language: string) => TFunction;
}

const bindings = new WeakMap<I18n, Binding>();

/**
 * Plain look-ups (a key, no options) per resource store and language: a page asks the same few hundred keys for
 * every post it shows, and the server renders each page with its own clone of the instance (which shares the
 * store), so they are kept beside the store, not the instance. The bundles are loaded at start and never change.
 */
const plainLookups = new WeakMap<object, Map<string, Map<string, string>>>();

function lookupsOf(instance: I18n, language: string): Map<string, string> {
  let byLanguage = plainLookups.get(instance.store);
  if (!byLanguage) {
    byLanguage = new Map();
    plainLookups.set(instance.store, byLanguage);
  }
  let lookups = byLanguage.get(language);
  if (!lookups) {
    lookups = new Map();
    byLanguage.set(language, lookups);
  }
  return lookups;
}

function bindingOf(instance: I18n): Binding {
  let binding = bindings.get(instance);
  if (binding) return binding;
  const translators = new Map<string, TFunction>();
  binding = {
    subscribe: (onChange) => {
      instance.on('languageChanged', onChange);
      return () => instance.off('languageChanged', onChange);
    },
    translatorIn: (language) => {
      let t = translators.get(language);
      if (!t) {
        t = rememberingPlainLookups(instance.getFixedT(language), lookupsOf(instance, language));
        translators.set(language, t);
      }
      return t;
    },
  };
  bindings.set(instance, binding);
  return binding;
}

function rememberingPlainLookups(fixed: TFunction, lookups: Map<string, string>): TFunction {
  const t = (...args: Parameters<TFunction>) => {
    const [key, ...rest] = args;
    if (rest.length > 0 || typeof key !== 'string') return fixed(...args);
    let text = lookups.get(key);
    if (text === undefined) {
      text = String(fixed(key));
      lookups.set(key, text);
    }
    return text;
  };
  return Object.assign(t, fixed) as TFunction;
}
