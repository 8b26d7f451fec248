import type { ImportedMember, ImportRecord, ImportTally } from '@agora/contracts/import/records';
import {
  type Db,
  type ImportedEvent,
  type ImportRun,
  type ImportSink,
  noneYet,
  note,
  type ServiceContext,
  skip,
  type Tx,
} from '@agora/platform';
import { sql } from 'kysely';
import { applyUserEvents } from '../projections/users/read-model';
import { importedHash, storeImportedHashes } from './imported-passwords';
import { heldByStored, placeMembers } from './member-clashes';
import { lastLoginEvent, memberEvents } from './member-events';

const ROLES = new Set([1, 2, 3]);

/**
 * Whether identity holds members besides what an install writes (its admin): any account not made by the installer
 * and not imported. A purged account's registration keeps no data and counts as none.
 */
async function holdsMembers(db: Db): Promise<boolean> {
  const { rows } = await sql<{ held: boolean }>`
    select exists (
      select 1 from events
      where type = 'identity.user_registered'
        and coalesce(data->>'created_by', 'installer') <> 'installer'
        and coalesce(metadata->>'imported', 'false') <> 'true'
    ) as held`.execute(db);
  return rows[0]?.held ?? false;
}

/**
 * Identity's part of an import (docs/adr/0094-importing-a-community.md): members become their own events with their
 * original times (`member-events.ts`), placed among the members there are (`member-clashes.ts`), applied to
 * identity's inline read models as its commands apply them; their bcrypt hashes go to identity's credentials.
 */
export function identityImporter(context: ServiceContext): ImportSink {
  return {
    kinds: ['member'],
    holdsContent: () => holdsMembers(context.database.db),
    async write(tx: Tx, records: ImportRecord[], run: ImportRun): Promise<ImportTally> {
      const tally = noneYet();
      const members: ImportedMember[] = [];
      for (const record of records) {
        if (record.kind !== 'member') skip(tally, `not a member (${record.kind})`);
        else if (!ROLES.has(record.role_id)) skip(tally, `unknown role ${record.role_id}`);
        else members.push(record);
      }
      const placed = placeMembers(members, await heldByStored(tx, members));
      const events: ImportedEvent[] = [];
      const hashes: { userId: string; hash: string }[] = [];
      for (const { member, placement, logins, notes } of placed) {
        events.push(...memberEvents({ ...member, external_logins: logins }, placement));
        const login = lastLoginEvent(member);
        if (login) events.push(login);
        const hash = importedHash(member);
        if (hash) hashes.push({ userId: member.id, hash });
        else if (member.password) note(tally, `password hash of an unknown scheme: imported without a password`);
        for (const what of notes) note(tally, what);
        if (placement.email === '' && !member.placeholder) note(tally, 'no e-mail: signs in once an admin sets one');
        tally.imported += 1;
      }
      if (run.dryRun) return tally;
      const written = await context.store.appendImported(tx, events, run.id);
      await applyUserEvents(tx, written);
      await storeImportedHashes(tx, hashes);
      return tally;
    },
  };
}
