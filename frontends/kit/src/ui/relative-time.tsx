import { useTranslation } from 'react-i18next';
import { relativeTime } from '../format/relative-time';
import { localeTag } from '../i18n/i18n';
import { useSiteInfo } from '../site/site-info';

/** A time (seconds since the epoch) drawn relative to now, in the site's time zone. */
export function RelativeTime({ time }: { time: number }) {
  const { t, i18n } = useTranslation();
  const timeZone = useSiteInfo().data?.interface.time_zone;
  const iso = new Date(time * 1000).toISOString();
  return (
    <time dateTime={iso} title={iso}>
      {relativeTime(time, t, { locale: localeTag(i18n.language), timeZone })}
    </time>
  );
}
