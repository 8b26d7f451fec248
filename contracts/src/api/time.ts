/**
 * A time as the wire carries it: whole seconds since the Unix epoch (`created_at`, `update_time`...),
 * from a Date or milliseconds; 0 for no time at all, as the reference answers an unset one.
 */
export function seconds(at: Date | number | null | undefined): number {
  if (at === null || at === undefined) return 0;
  return Math.floor((typeof at === 'number' ? at : at.getTime()) / 1000);
}

/** Whether `name` is a time zone the runtime knows (an IANA name such as `Europe/Lisbon`, or `UTC`). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
