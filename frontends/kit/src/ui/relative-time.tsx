import { relativeTime } from '../format/relative-time';
import { localeTag } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';
import { useUser } from '../session/session';
import { useSiteTimeZone } from '../site/site-facts';

/**
 * A time (seconds since the epoch) drawn relative to now, in the signed-in member's time zone when they chose
 * one, else the site's.
 */
export function RelativeTime({ time }: { time: number }) {
  const { t, i18n } = useTranslation();
  const own = useUser()?.time_zone;
  const siteTimeZone = useSiteTimeZone();
  const timeZone = own || siteTimeZone;
  const iso = new Date(time * 1000).toISOString();
  // Drawn on the server a moment before the browser hydrates it: "4s ago" may read "3s ago" there.
  return (
    <time dateTime={iso} title={iso} suppressHydrationWarning>
      {relativeTime(time, t, { locale: localeTag(i18n.language), timeZone })}
    </time>
  );
}
