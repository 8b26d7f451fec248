type Translate = (key: string, options?: Record<string, unknown>) => string;

const DAY_MS = 86_400_000;

// A formatter costs far more to make than to use, and a page draws a time on every post and comment.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, parts: 'year' | 'date' | 'date-year'): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${parts}`;
  let format = formatters.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      parts === 'year'
        ? { year: 'numeric' }
        : { month: 'short', day: 'numeric', ...(parts === 'date-year' ? { year: 'numeric' } : {}) };
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, format);
  }
  return format;
}

/**
 * Relative time: under 2 s 'now', then seconds, minutes and hours ago, then a date, with the
 * year when it is another year or more than 366 days ago. `timestamp` in seconds (the API's unit).
 */
export function relativeTime(
  timestamp: number,
  t: Translate,
  options: { now?: number; locale?: string; timeZone?: string } = {},
): string {
  const now = options.now ?? Date.now();
  const at = timestamp * 1000;
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 2) return t('ui.date.now');
  if (seconds < 60) return t('ui.date.seconds_ago', { count: seconds });
  if (seconds < 3600) return t('ui.date.minutes_ago', { count: Math.floor(seconds / 60) });
  if (seconds < 86_400) return t('ui.date.hours_ago', { count: Math.floor(seconds / 3600) });
  const timeZone = options.timeZone || 'UTC';
  const years = formatter('en-US', timeZone, 'year');
  const withYear = years.format(at) !== years.format(now) || now - at > 366 * DAY_MS;
  return formatter(options.locale ?? 'en-US', timeZone, withYear ? 'date-year' : 'date').format(at);
}
