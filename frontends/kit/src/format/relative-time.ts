type Translate = (key: string, options?: Record<string, unknown>) => string;

const DAY_MS = 86_400_000;

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
  const yearOf = (ms: number) => new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(ms);
  const withYear = yearOf(at) !== yearOf(now) || now - at > 366 * DAY_MS;
  return new Intl.DateTimeFormat(options.locale ?? 'en-US', {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone,
  }).format(at);
}
