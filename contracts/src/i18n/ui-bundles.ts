import en_US from '../../i18n/ui/en_US.json' with { type: 'json' };
import zh_CN from '../../i18n/ui/zh_CN.json' with { type: 'json' };
import type { Language } from './languages';

/** The interface translations served by `language/config` (and bundled by the front ends). */
export const UI_BUNDLES: Record<Language, Record<string, unknown>> = { en_US, zh_CN };
