import { createHash, randomBytes } from 'node:crypto';

/** A link code as mailed: 32 random bytes. Only its hash is stored. */
export function newLinkCode(): string {
  return randomBytes(32).toString('base64url');
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export const LINK_LIFETIME_MS = 10 * 60 * 1000;
