import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@agora/contracts';

/** A new key: `sk_` and 128 random bits in hexadecimal, the reference's 35 characters. */
export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(16).toString('hex')}`;
}

/**
 * What is kept of a key: its SHA-256. A key is 128 random bits, so a fast hash is as safe as a slow one here
 * (nothing to guess from a dictionary), and checking it on every MCP request costs microseconds.
 */
export function sha256OfKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What the list shows of a key: its first seven and last four characters, as the reference masks it. */
export function maskKey(key: string): string {
  return `${key.slice(0, 7)}********${key.slice(-4)}`;
}
