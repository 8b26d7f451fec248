import { randomInt } from 'node:crypto';
import { Limits } from '@agora/contracts';

/** Login names: the character rule of contracts (no spaces); at most 30. */
export { USERNAME_PATTERN } from '@agora/contracts';

const RESERVED = new Set([
  'admin',
  'administrator',
  'root',
  'system',
  'moderator',
  'agora',
  'anonymous',
  'null',
  'undefined',
  'settings',
  'notifications',
]);

export function isReservedUsername(username: string): boolean {
  return RESERVED.has(username.trim().toLowerCase());
}

/** A username from a display name: lower case, spaces to `-`, other characters dropped. */
/** A derived username's base: room for a suffix (`-99999`) within the longest username. */
const BASE_LENGTH = Limits.user.usernameMaxLength - '-99999'.length;

export function usernameFromDisplayName(displayName: string): string {
  const base = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, BASE_LENGTH);
  return base.length >= Limits.user.usernameMinLength && !isReservedUsername(base)
    ? base
    : `user${randomInt(10_000, 99_999)}`;
}

/** The next try after a clash: the base with a random numeric suffix, still within 30 characters. */
export function withSuffix(username: string): string {
  return `${username.slice(0, BASE_LENGTH)}-${randomInt(1000, 99_999)}`;
}
