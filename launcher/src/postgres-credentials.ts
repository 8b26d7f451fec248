import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import pg from 'pg';

/**
 * The password every cluster had before each got its own (docs/adr/0043-embedded-database.md); only ever
 * used to replace it.
 */
export const LEGACY_PASSWORD = 'postgres';

/** Beside the cluster, not in it: Agora's user reads it, the server's user never needs to. */
export const passwordFileOf = (dataDir: string) => `${dataDir}.password`;

export const generatePassword = () => randomBytes(32).toString('base64url');

export function readPassword(file: string): string | null {
  if (!existsSync(file)) return null;
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim() || null;
}

/** Written whole or not at all, readable by its owner only. */
export function writePassword(file: string, password: string): void {
  const next = `${file}.new`;
  writeFileSync(next, `${password}\n`, { mode: 0o600 });
  chmodSync(next, 0o600);
  renameSync(next, file);
}

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802/7677), made here so that the
 * password itself never travels in an SQL statement the server could log.
 */
export function scramVerifier(password: string, iterations = 4096): string {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

const INVALID_PASSWORD = '28P01';

/** true when the password signs in, false when the server refuses it; any other failure is thrown. */
export async function signsIn(port: number, user: string, password: string): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user, password, database: 'postgres' });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === INVALID_PASSWORD) return false;
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The password of a running cluster, giving one made with the old default its own: the new password is
 * kept in a pending file first, set with ALTER ROLE, then moved into place, so a crash at any step leaves
 * a password that signs in on the next start.
 */
export async function settlePassword(
  port: number,
  user: string,
  passwordFile: string,
  log: (line: string) => void,
): Promise<string> {
  const current = readPassword(passwordFile);
  if (current && (await signsIn(port, user, current))) return current;
  const pendingFile = `${passwordFile}.pending`;
  const pending = readPassword(pendingFile) ?? generatePassword();
  if (!existsSync(pendingFile)) writePassword(pendingFile, pending);
  if (await signsIn(port, user, LEGACY_PASSWORD)) {
    const client = new pg.Client({ host: '127.0.0.1', port, user, password: LEGACY_PASSWORD, database: 'postgres' });
    await client.connect();
    try {
      await client.query(
        `alter role ${client.escapeIdentifier(user)} password ${client.escapeLiteral(scramVerifier(pending))}`,
      );
    } finally {
      await client.end();
    }
    log(`gave the database a generated password in place of the old default; it is kept in ${passwordFile}`);
  } else if (!(await signsIn(port, user, pending))) {
    throw new Error(
      `Cannot sign in to the embedded PostgreSQL as "${user}": its password is not the one in ${passwordFile}. ` +
        `Put the password in that file (mode 0600), or move the data directory away to start afresh.`,
    );
  }
  renameSync(pendingFile, passwordFile);
  return pending;
}
