export const SUPPORTED_LANGUAGES = ['en_US', 'zh_CN'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en_US';

export interface LanguageOption {
  label: string;
  value: Language;
  progress: number;
}

export const LANGUAGE_OPTIONS: LanguageOption[] = [
  { label: 'English', value: 'en_US', progress: 100 },
  { label: '中文(简体)', value: 'zh_CN', progress: 100 },
];

/**
 * Picks the language of a request from `Accept-Language` (`en_US`, `en-US`, `zh-CN,zh;q=0.9`, ...).
 * Unsupported languages fall back to English, as the reference does.
 */
export function resolveLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().replace('-', '_').toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const exact = SUPPORTED_LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const primary = SUPPORTED_LANGUAGES.find((l) => l.slice(0, 2) === tag.slice(0, 2));
    if (primary) return primary;
  }
  return DEFAULT_LANGUAGE;
}
