import { createHash } from 'node:crypto';
import { formatObjectId } from '@agora/contracts';

/**
 * An award's id comes from its key (badge, member, and the post for per-post badges): 60 bits of the key's
 * SHA-256. The same facts replayed name the same award, whose stream then exists already.
 */
export function awardIdOf(badgeId: string, userId: string, awardKey: string): string {
  const digest = createHash('sha256').update(`${badgeId}:${userId}:${awardKey}`).digest('hex');
  return formatObjectId('badgeAward', BigInt(`0x${digest.slice(0, 15)}`));
}

export function awardStreamId(awardId: string): string {
  return `badge-award-${awardId}`;
}
