import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
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

export function hashPassword(password: string): Promise<string> {
  return cpuBound(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
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
