import { createHash } from 'node:crypto';
import { formatObjectId } from '@agora/contracts';

/** Identifies one event's notification of one receiver: the key of idempotency and of the id. */
export function eventKey(eventId: string, receiver: string, action: string): string {
  return `${eventId}:${receiver}:${action}`;
}

/**
 * A notification's id comes from the event that opened it (60 bits of its key's SHA-256), so replaying
 * the events opens the same notifications under the same ids, and reads recorded against them still apply.
 */
export function notificationId(key: string): string {
  const bits = BigInt(`0x${createHash('sha256').update(key).digest('hex').slice(0, 15)}`);
  return formatObjectId('notification', bits);
}

/**
 * An event joins the latest notification of its (receiver, group, action) unless that one had been read
 * by the time the event happened; then it opens a new one. Deciding on the event's time, not the time
 * it is applied, makes a replay group exactly as live did.
 */
export function joinsLatest(latest: { readAt: Date | null } | undefined, occurredAt: Date): boolean {
  return latest !== undefined && (latest.readAt === null || latest.readAt > occurredAt);
}
