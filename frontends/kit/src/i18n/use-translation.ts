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
 * Plain look-ups (a key with no options, or with a small count only) per resource store and language: a page asks
 * the same few hundred keys for every post it shows, and the server renders each page with its own clone of the
 * instance (which shares the store), so they are kept beside the store, not the instance. The bundles are loaded at
 * start and never change.
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

/** Counts remembered: the small numbers a page repeats (times ago, comments left), not every vote or view total. */
const REMEMBERED_COUNTS = 100;

/** `{ count }` and nothing else: a counted look-up ("3 hours ago") whose text only the key and the number decide. */
function countOnly(options: unknown): number | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const keys = Object.keys(options);
  const { count } = options as { count?: unknown };
  return keys.length === 1 &&
    typeof count === 'number' &&
    Number.isInteger(count) &&
    count >= 0 &&
    count < REMEMBERED_COUNTS
    ? count
    : undefined;
}

function rememberingPlainLookups(fixed: TFunction, lookups: Map<string, string>): TFunction {
  const t = (...args: Parameters<TFunction>) => {
    const [key, ...rest] = args;
    if (typeof key !== 'string') return fixed(...args);
    let remembered = key;
    if (rest.length > 0) {
      const count = rest.length === 1 ? countOnly(rest[0]) : undefined;
      if (count === undefined) return fixed(...args);
      remembered = `${key}\u0000${count}`;
    }
    let text = lookups.get(remembered);
    if (text === undefined) {
      text = String(fixed(...args));
      lookups.set(remembered, text);
    }
    return text;
  };
  return Object.assign(t, fixed) as TFunction;
}
