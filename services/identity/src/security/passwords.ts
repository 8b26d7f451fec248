import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import pLimit from 'p-limit';

/**
 * argon2id with one of OWASP's minimum configurations (7 MiB, 5 iterations, 1 lane), which OWASP rates
 * equal to 19 MiB and 2 iterations. On a 2-core machine it verifies ~40% faster (it stays in the CPU's
 * caches), which keeps login p99 within budget. A hash records its own parameters, so older hashes verify.
 */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 7168, timeCost: 5, parallelism: 1 } as const;

/**
 * At most one hash per core at a time: more only oversubscribes the CPU that the event loop and the
 * database also need, which lengthens every login's tail (p99 169 ms with 4 at once, 125 ms with 2).
 */
const cpuBound = pLimit(availableParallelism());

/**
 * A bcrypt hash as Apache Answer keeps its members' passwords (`$2a$`, `$2b$` or `$2y$`, a two-digit cost, 53
 * characters of salt and digest): an imported member's, verified by its own scheme until the next sign-in rehashes
 * it (docs/adr/0094-importing-a-community.md).
 */
const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export function isBcryptHash(passwordHash: string): boolean {
  return BCRYPT_HASH.test(passwordHash);
}

/** Whether a stored hash is of another scheme than Agora's own: a successful sign-in replaces it. */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith('$argon2id$');
}

export function hashPassword(password: string): Promise<string> {
  return cpuBound(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    if (isBcryptHash(passwordHash)) return await cpuBound(() => bcrypt.compare(password, passwordHash));
    return await cpuBound(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** Verifying against this keeps unknown accounts as slow as known ones (no account enumeration by timing). */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('agora-decoy-password');
  return decoy;
}
