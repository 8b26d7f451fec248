import type { ImportedMember } from '@agora/contracts/import/records';
import type { Tx } from '@agora/platform';
import { sql } from 'kysely';
import { isBcryptHash } from '../security/passwords';

/**
 * The hash a member's password is kept as, when the source's is one Agora verifies: bcrypt (Apache Answer's, rehashed
 * at the next sign-in) or argon2id (another Agora's export, kept as it is).
 */
export function importedHash(member: ImportedMember): string | undefined {
  const password = member.password;
  if (!password || member.placeholder) return undefined;
  if (password.scheme === 'argon2id') return password.hash.startsWith('$argon2id$') ? password.hash : undefined;
  return password.scheme === 'bcrypt' && isBcryptHash(password.hash) ? password.hash : undefined;
}

/**
 * Keeps imported members' password hashes in identity's own table, never in an event (secrets never travel). An
 * upsert, so a batch written again changes nothing; a hash already rehashed to Agora's scheme by a sign-in, or set
 * anew since, is left alone (docs/adr/0094-importing-a-community.md).
 */
export async function storeImportedHashes(tx: Tx, hashes: { userId: string; hash: string }[]): Promise<void> {
  if (hashes.length === 0) return;
  await sql`
    insert into credentials (user_id, password_hash)
    select * from unnest(${hashes.map((h) => h.userId)}::text[], ${hashes.map((h) => h.hash)}::text[])
    on conflict (user_id) do update set password_hash = excluded.password_hash, updated_at = now()
      where credentials.password_hash <> excluded.password_hash and credentials.password_hash ~ '^\\$2[aby]\\$'`.execute(
    tx,
  );
}
